import { createTransport, type Transporter } from "nodemailer";
import type { Env } from "~/env.server.ts";

export type MailSettings = { smtpUrl: string; from: string };

/** One transport per SMTP_URL for the life of the process; nodemailer opens a connection per message. */
const transports = new Map<string, Transporter>();
function transportFor(smtpUrl: string) {
  let transport = transports.get(smtpUrl);
  if (!transport) {
    // A mail server that hangs must not hold the delivery worker: each step has its deadline
    // (nodemailer reads its options from the address's query, where SMTP_URL may set others).
    const url = new URL(smtpUrl);
    for (const [option, ms] of [
      ["connectionTimeout", "10000"],
      ["greetingTimeout", "10000"],
      ["socketTimeout", "20000"],
    ] as const)
      if (!url.searchParams.has(option)) url.searchParams.set(option, ms);
    transport = createTransport(url.toString());
    transports.set(smtpUrl, transport);
  }
  return transport;
}

/** The server's mail settings, or undefined when mail is off (no SMTP_URL). */
export const mailSettingsOf = (env: Pick<Env, "SMTP_URL" | "MAIL_FROM">): MailSettings | undefined =>
  env.SMTP_URL && env.MAIL_FROM ? { smtpUrl: env.SMTP_URL, from: env.MAIL_FROM } : undefined;

export type MailAttempt = { ok: boolean; statusCode: number | null; error: string | null };

/** Sends one e-mail; never throws: a refusal or a timeout is an attempt that failed, with the SMTP code when there is one. */
export async function sendMail(
  settings: MailSettings,
  message: { to: string; subject: string; text: string; html: string },
): Promise<MailAttempt> {
  try {
    const info = (await transportFor(settings.smtpUrl).sendMail({ from: settings.from, ...message })) as {
      response?: string;
    };
    const code = Number(/^\d{3}/.exec(info.response ?? "")?.[0]);
    return { ok: true, statusCode: Number.isFinite(code) ? code : 250, error: null };
  } catch (error) {
    const code = (error as { responseCode?: unknown }).responseCode;
    return {
      ok: false,
      statusCode: typeof code === "number" ? code : null,
      error: error instanceof Error ? error.message.slice(0, 300) : "failed",
    };
  }
}
