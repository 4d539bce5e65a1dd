import type { ReactNode } from "react";
import { ReplyText } from "~/components/reply-text.tsx";
import { directionOf, type Language } from "~/i18n/config.ts";
import type { WidgetConfig } from "../widget-config.ts";

type Translate = (key: string, values?: Record<string, string>) => string;

/** JSON that is safe inside a <script> element: nothing in it can close the element or start a comment. */
export const scriptSafeJson = (value: unknown) =>
  JSON.stringify(value)
    .replace(/</g, "\\u003c")
    .replace(/>/g, "\\u003e")
    .replace(/&/g, "\\u0026")
    .replace(/\u2028/g, "\\u2028")
    .replace(/\u2029/g, "\\u2029");

function Document({
  language,
  title,
  nonce,
  style,
  children,
}: {
  language: Language;
  title: string;
  nonce: string;
  style: string;
  children: ReactNode;
}) {
  return (
    <html lang={language} dir={directionOf(language)}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="robots" content="noindex" />
        <title>{title}</title>
        {/* No favicon request: the first load is this page and nothing else. */}
        <link rel="icon" href="data:," />
        <style nonce={nonce} dangerouslySetInnerHTML={{ __html: style }} />
      </head>
      <body>{children}</body>
    </html>
  );
}

const Icon = ({ path, className }: { path: string; className?: string }) => (
  <svg
    aria-hidden="true"
    className={className}
    width="22"
    height="22"
    viewBox="0 0 24 24"
    fill="none"
    stroke="currentColor"
    strokeWidth="2"
    strokeLinecap="round"
    strokeLinejoin="round"
  >
    <path d={path} />
  </svg>
);

type ChatPageProps = {
  config: WidgetConfig;
  businessName: string;
  /** The client asks the visitor's consent before their contact details are kept. */
  askConsent: boolean;
  /** The client lets visitors ask for a person with a button. */
  personButton: boolean;
  /** The client's privacy notice, or ours. */
  policyUrl: string;
  greeting: string;
  /** Under the business's name: the hours' state (app/widget/chat-subtitle.ts); the script swaps it while a person answers. */
  subtitle: string;
  t: Translate;
  nonce: string;
  style: string;
  script: string;
};

/** The chat UI as the server sends it: usable to read at once, wired by the inlined script. */
export function ChatPage({
  config,
  businessName,
  askConsent,
  personButton,
  policyUrl,
  greeting,
  subtitle,
  t,
  nonce,
  style,
  script,
}: ChatPageProps) {
  const title = t("title", { business: businessName });
  return (
    <Document language={config.language} title={title} nonce={nonce} style={style}>
      <header className="header">
        <span className="avatar" aria-hidden="true">
          {Array.from(businessName.trim())[0]?.toUpperCase() ?? "A"}
        </span>
        <div className="titles">
          <h1>
            <bdi>{businessName}</bdi>
          </h1>
          <p id="alex-subtitle">{subtitle}</p>
        </div>
        <button type="button" id="alex-close" className="icon-button" aria-label={t("close")} hidden>
          <Icon path="M18 6 6 18M6 6l12 12" />
        </button>
      </header>
      <main className="chat">
        {/* The conversation scrolls: keyboard users focus it to scroll it (axe: scrollable-region-focusable). */}
        {/* eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex */}
        <div id="alex-log" className="log" role="log" aria-label={t("logLabel")} tabIndex={0}>
          {/* The speaker's name is an isolate, so the greeting's own first letter sets the bubble's direction. */}
          <div className="message assistant" dir="auto">
            <bdi className="sr-only">{config.texts.assistant}: </bdi>
            <span>
              <ReplyText text={greeting} />
            </span>
          </div>
        </div>
        <div id="alex-typing" className="typing" role="status" hidden>
          <i />
          <i />
          <i />
          <span className="sr-only">{config.texts.typing}</span>
        </div>
        <div id="alex-notices" />
        <form id="alex-form" className="composer" noValidate>
          <ul id="alex-previews" className="previews" hidden />
          <div className="row">
            <input
              type="file"
              id="alex-images"
              className="sr-only"
              accept="image/jpeg,image/png,image/webp"
              multiple
              aria-describedby="alex-hint"
            />
            <label htmlFor="alex-images" className="icon-button attach" title={t("attach")}>
              <Icon path="m21.44 11.05-9.19 9.19a6 6 0 0 1-8.49-8.49l8.57-8.57A4 4 0 1 1 18 8.84l-8.59 8.57a2 2 0 0 1-2.83-2.83l8.49-8.48" />
              <span className="sr-only">{t("attach")}</span>
            </label>
            <label htmlFor="alex-input" className="sr-only">
              {t("inputLabel")}
            </label>
            <textarea
              id="alex-input"
              rows={1}
              dir="auto"
              maxLength={config.maxMessageLength}
              placeholder={t("placeholder")}
              enterKeyHint="send"
            />
            <button type="submit" id="alex-send" className="icon-button send" disabled aria-label={t("send")}>
              <Icon path="M22 2 11 13M22 2l-7 20-4-9-9-4 20-7z" className="flip" />
            </button>
          </div>
          {personButton && (
            // Sends the visitor's request for a person in their words; the script shows it once it works.
            <button type="button" id="alex-person" className="pill person-button" hidden>
              {t("talkToPerson")}
            </button>
          )}
          {askConsent && (
            <p className="consent">
              <input type="checkbox" id="alex-consent" />
              <label htmlFor="alex-consent">{t("consent", { business: businessName })}</label>
            </p>
          )}
          <p id="alex-hint" className="hint">
            {t("attachHint")}
          </p>
          <p className="hint">
            {/* The page opens beside the chat: the widget's frame keeps the conversation. */}
            <a href={policyUrl} target="_blank" rel="noopener noreferrer">
              {t("privacyPolicy")}
            </a>
          </p>
          <noscript>
            <p className="hint">{t("noscript")}</p>
          </noscript>
        </form>
      </main>
      <script id="alex-config" type="application/json" dangerouslySetInnerHTML={{ __html: scriptSafeJson(config) }} />
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
    </Document>
  );
}

/**
 * The unknown-license and unavailable pages: a title and a sentence, and, in the launcher's frame,
 * a close button (its small script shows it), so a phone's full-screen frame always has a way out.
 */
export function NoticePage({
  language,
  title,
  message,
  closeLabel,
  nonce,
  style,
  script,
}: {
  language: Language;
  title: string;
  message: string;
  closeLabel: string;
  nonce: string;
  style: string;
  script: string;
}) {
  return (
    <Document language={language} title={title} nonce={nonce} style={style}>
      <main className="page">
        <button type="button" id="alex-close" className="icon-button page-close" aria-label={closeLabel} hidden>
          <Icon path="M18 6 6 18M6 6l12 12" />
        </button>
        <h1>{title}</h1>
        <p>{message}</p>
      </main>
      <script nonce={nonce} dangerouslySetInnerHTML={{ __html: script }} />
    </Document>
  );
}
