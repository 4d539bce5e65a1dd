import type { ClientLanguage } from "#db/vocabulary.ts";
import { FUNCTION_DETAIL_KEYS } from "#db/vocabulary.ts";
import { directionOf } from "~/i18n/config.ts";
import { getI18nInstance } from "~/i18n/middleware.server.ts";
import type { LeadEvent } from "./lead-event.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/** The lead e-mail in the client's language: a subject naming the visitor, the details as lines, the same in HTML. */
export async function composeLeadMail(event: LeadEvent, language: ClientLanguage, timeZone: string) {
  const i18n = await getI18nInstance(language);
  const t = i18n.getFixedT(language, "deliveries");
  const tf = i18n.getFixedT(language, "functions");
  const name = event.contact.clientName ?? t("mail.unnamed");
  const subject =
    event.type === "function.completed"
      ? t("mail.subjectFunction", { function: tf(`types.${event.function?.type ?? ""}`), name })
      : event.type === "person.requested"
        ? t("mail.subjectPerson", { name })
        : t("mail.subjectLead", { name });
  const intro =
    event.type === "function.completed"
      ? t("mail.introFunction", { function: tf(`types.${event.function?.type ?? ""}`) })
      : event.type === "person.requested"
        ? t("mail.introPerson")
        : t("mail.introLead");
  const details = FUNCTION_DETAIL_KEYS.filter((key) => event.contact[key] !== undefined).map(
    (key) => [tf(`details.${key}`), String(event.contact[key])] as const,
  );
  const when = new Intl.DateTimeFormat(language === "he" ? "he-IL" : "en-GB", {
    dateStyle: "medium",
    timeStyle: "short",
    timeZone,
  }).format(new Date(event.createdAt));
  const conversation = (event.conversation ?? []).map(({ from, text }) => [t(`mail.from.${from}`), text] as const);
  const lines = [
    t("mail.hello", { business: event.client.businessName }),
    "",
    intro,
    "",
    ...details.map(([label, value]) => `${label}: ${value}`),
    "",
    ...(conversation.length > 0
      ? [t("mail.conversation"), ...conversation.map(([from, text]) => `${from}: ${text}`), ""]
      : []),
    t("mail.when", { when }),
    t("mail.session", { session: event.session.id }),
    ...(event.link ? [t("mail.open", { link: event.link })] : []),
    "",
    t("mail.footer"),
  ];
  const dir = directionOf(language);
  // Everything the visitor wrote, or a business named, is escaped: the e-mail shows it as text.
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:sans-serif">
<p>${escapeHtml(lines[0]!)}</p><p>${escapeHtml(intro)}</p>
<table>${details.map(([label, value]) => `<tr><th style="text-align:start;padding-inline-end:1em">${escapeHtml(label)}</th><td><bdi>${escapeHtml(value)}</bdi></td></tr>`).join("")}</table>
${conversation.length > 0 ? `<h3>${escapeHtml(t("mail.conversation"))}</h3>\n${conversation.map(([from, text]) => `<p style="white-space:pre-wrap"><strong>${escapeHtml(from)}:</strong> <bdi>${escapeHtml(text)}</bdi></p>`).join("\n")}\n` : ""}<p>${escapeHtml(t("mail.when", { when }))}<br>${escapeHtml(t("mail.session", { session: event.session.id }))}</p>
${event.link ? `<p><a href="${escapeHtml(event.link)}">${escapeHtml(t("mail.openLink"))}</a></p>\n` : ""}<p style="color:#666">${escapeHtml(t("mail.footer"))}</p></body></html>`;
  return { subject, text: lines.join("\n"), html };
}
