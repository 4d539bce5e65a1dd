import type { TFunction } from "i18next";
import type { PersonRole } from "#db/vocabulary.ts";

const escapeHtml = (text: string) => text.replace(/[&<>"']/g, (character) => `&#${character.charCodeAt(0)};`);

/**
 * The invitation e-mail, in the inviter's language (`t` is theirs): who invites, to what role (on the
 * provider's team, or at a business, named), and the link.
 */
export function composeInviteMail(
  t: TFunction,
  language: string,
  invite: { displayName: string; inviterName: string; role: PersonRole; link: string; businessName: string | null },
) {
  const values = {
    ns: "team",
    name: invite.displayName,
    inviter: invite.inviterName,
    role: t(`roles.${invite.role}`, { ns: "team" }),
    business: invite.businessName ?? "",
    hours: 72,
  };
  const business = invite.businessName !== null;
  const subject = t(business ? "mail.businessSubject" : "mail.subject", values);
  const greeting = t("mail.greeting", values);
  const body = t(business ? "mail.businessBody" : "mail.body", values);
  const action = t(business ? "mail.businessAction" : "mail.action", values);
  const expiry = t("mail.expiry", values);
  const footer = t("mail.footer", values);
  const text = [greeting, "", body, "", `${action}: ${invite.link}`, "", expiry, "", footer].join("\n");
  const dir = language === "he" ? "rtl" : "ltr";
  const html = `<!doctype html><html lang="${language}" dir="${dir}"><body style="font-family:sans-serif">
<p>${escapeHtml(greeting)}</p><p>${escapeHtml(body)}</p>
<p><a href="${escapeHtml(invite.link)}">${escapeHtml(action)}</a></p>
<p dir="ltr" style="word-break:break-all;color:#444">${escapeHtml(invite.link)}</p>
<p>${escapeHtml(expiry)}</p><p style="color:#666">${escapeHtml(footer)}</p></body></html>`;
  return { subject, text, html };
}
