import { createElement, type ReactElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import type { Database } from "#db/connection.ts";
import { clientGreetingFor } from "~/assistant/greeting.ts";
import type { Language } from "~/i18n/config.ts";
import { getI18nInstance } from "~/i18n/middleware.server.ts";
import { findClientByLicenseKey } from "~/models/client.server.ts";
import { findTrainingConfig } from "~/models/training-config.server.ts";
import { loadBusinessHours } from "~/hours/business-hours.server.ts";
import { chatSubtitle } from "./chat-subtitle.ts";
import widgetScript from "./client/main.ts?bundle";
import noticeScript from "./client/notice.ts?bundle";
import widgetStyle from "./client/widget.css?bundle";
import { ChatPage, NoticePage } from "./components/chat-page.tsx";
import { frameAncestorsDirective } from "~/sites/frame-ancestors.ts";
import { isClientSite } from "~/sites/site-origins.ts";
import { CHAT_API_PATHS, MESSAGE_MAX_LENGTH } from "~/conversations/chat-contract.ts";
import { visitorBusinessName } from "~/conversations/visitor-business-name.ts";
import { legalPathOf } from "~/legal/legal-pages.ts";
import { WIDGET_CLIENT_TEXTS, type WidgetConfig } from "./widget-config.ts";

/** The chat UI's language: the one the plugin passes (`lang`, from the site's locale), Hebrew by default. */
export const chatUiLanguageOf = (lang: string | null): Language => (lang?.toLowerCase().startsWith("en") ? "en" : "he");

/**
 * The widget's own policy: its inlined script and style run by nonce only, it talks to this server
 * only, and only the client's site (and our own pages) may frame it.
 */
export function widgetContentSecurityPolicy(nonce: string, frameAncestors: string) {
  return [
    "default-src 'none'",
    `script-src 'nonce-${nonce}'`,
    `style-src 'nonce-${nonce}'`,
    "img-src 'self' data: blob:",
    "connect-src 'self'",
    "base-uri 'none'",
    "form-action 'none'",
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

export async function widgetTranslator(language: Language) {
  return (await getI18nInstance(language)).getFixedT(language, "widget");
}

function htmlResponse(element: ReactElement, status: number, csp: string) {
  return new Response(`<!DOCTYPE html>${renderToStaticMarkup(element)}`, {
    status,
    headers: {
      "Content-Type": "text/html; charset=utf-8",
      "Content-Security-Policy": csp,
      // The page carries the license key and the client's greeting: never in a shared cache.
      "Cache-Control": "private, no-cache",
    },
  });
}

/**
 * The greeting a chat opens with: the client's own in the chat's language, else ours. Shown once,
 * as the first bubble; the replies never repeat it.
 */
export async function chatGreeting(db: Database, clientId: number, language: Language) {
  const t = await widgetTranslator(language);
  return clientGreetingFor(await findTrainingConfig(db, clientId), language) ?? t("defaultGreeting");
}

type ChatUiRequest = {
  license: string;
  language: Language;
  nonce: string;
  /**
   * The origin of the page that opened the chat, from the browser's Referer (null without one:
   * then the CSP alone decides), and our own origin (the operators' previews).
   */
  embeddingSite: string | null;
  selfOrigin: string;
  /** The zone the business's opening hours are read in (TZ_DISPLAY), and the instant the page is made. */
  timeZone: string;
  now?: Date;
};

/** The origin of a Referer header, or null when there is none or it cannot be read. */
export function refererOrigin(referer: string | null): string | null {
  if (!referer) return null;
  try {
    const { origin } = new URL(referer);
    return origin === "null" ? null : origin;
  } catch {
    return null;
  }
}

/**
 * The widget page for a license: the chat, or a 404 page for an unknown license, or a polite
 * "unavailable" page for a suspended or cancelled client. Nothing here calls the AI.
 */
export async function chatUiResponse(
  db: Database,
  { license, language, nonce, embeddingSite, selfOrigin, timeZone, now = new Date() }: ChatUiRequest,
): Promise<Response> {
  const t = await widgetTranslator(language);
  const client = license ? await findClientByLicenseKey(db, license) : undefined;
  if (!client) {
    const page = createElement(NoticePage, {
      language,
      title: t("notFound.title"),
      message: t("notFound.message"),
      closeLabel: t("close"),
      nonce,
      style: widgetStyle,
      script: noticeScript,
    });
    // Whoever frames a wrong key (a mistyped plugin setting) should see why: the page holds nothing to protect.
    return htmlResponse(page, 404, widgetContentSecurityPolicy(nonce, "*"));
  }
  if (
    embeddingSite &&
    embeddingSite !== selfOrigin &&
    !isClientSite(embeddingSite, client.websiteDomain, client.allowedOrigins)
  ) {
    // A site not on the client's list sees why the chat does not open (the browser's own refusal says
    // nothing); the page names only the site, so any page may frame it.
    const page = createElement(NoticePage, {
      language,
      title: t("siteNotRegistered.title"),
      message: t("siteNotRegistered.message", {
        site: `\u2068${embeddingSite}\u2069`,
        interpolation: { escapeValue: false },
      }),
      closeLabel: t("close"),
      nonce,
      style: widgetStyle,
      script: noticeScript,
    });
    return htmlResponse(page, 403, widgetContentSecurityPolicy(nonce, "*"));
  }
  const frameAncestors = frameAncestorsDirective(client.websiteDomain, client.allowedOrigins);
  if (client.status !== "active") {
    const page = createElement(NoticePage, {
      language,
      title: t("unavailable.title"),
      message: t("unavailable.message"),
      closeLabel: t("close"),
      nonce,
      style: widgetStyle,
      script: noticeScript,
    });
    return htmlResponse(page, 403, widgetContentSecurityPolicy(nonce, frameAncestors));
  }

  const lng = `?lng=${language}`;
  const config: WidgetConfig = {
    license: client.licenseKey,
    language,
    maxMessageLength: MESSAGE_MAX_LENGTH,
    ratingQuietMinutes: client.ratingQuietMinutes,
    endpoints: {
      messages: `${CHAT_API_PATHS.messages}${lng}`,
      history: `${CHAT_API_PATHS.history}${lng}`,
      feedback: `${CHAT_API_PATHS.feedback}${lng}`,
      rating: `${CHAT_API_PATHS.rating}${lng}`,
      chatEvents: `${CHAT_API_PATHS.chatEvents}${lng}`,
    },
    texts: Object.fromEntries(WIDGET_CLIENT_TEXTS.map((key) => [key, t(`client.${key}`)])) as WidgetConfig["texts"],
  };
  const [greeting, hours, i18n] = await Promise.all([
    chatGreeting(db, client.id, language),
    loadBusinessHours(db, client.id),
    getI18nInstance(language),
  ]);
  const subtitle = chatSubtitle({
    hours,
    now,
    timeZone,
    widgetText: (key, values) => t(key, values),
    hoursText: i18n.getFixedT(language, "assistant"),
  });
  const page = createElement(ChatPage, {
    subtitle,
    config,
    businessName: visitorBusinessName(client, i18n.getFixedT(language, "common")("brand")),
    askConsent: client.askConsent,
    personButton: client.personButton,
    policyUrl: client.privacyPolicyUrl ?? `${selfOrigin}${legalPathOf("privacy")}${lng}`,
    greeting,
    t: (key, values) => t(key, values),
    nonce,
    style: widgetStyle,
    script: widgetScript,
  });
  return htmlResponse(page, 200, widgetContentSecurityPolicy(nonce, frameAncestors));
}
