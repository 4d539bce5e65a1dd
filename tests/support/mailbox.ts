import type { AddressInfo } from "node:net";
import { simpleParser, type ParsedMail } from "mailparser";
import { SMTPServer } from "smtp-server";

export type Mailbox = { received: ParsedMail[]; url: string; close: () => Promise<void> };

/**
 * A local SMTP server that keeps every message it receives, parsed, in `received` (the array given,
 * or a new one); `url` is what SMTP_URL points the server at. `port` 0: any free one.
 */
export async function startMailbox(received: ParsedMail[] = [], { port = 0 } = {}): Promise<Mailbox> {
  const server = new SMTPServer({
    authOptional: true,
    disabledCommands: ["STARTTLS"],
    logger: false,
    onData(stream, _session, callback) {
      simpleParser(stream)
        .then((mail) => {
          received.push(mail);
          callback();
        })
        .catch(callback);
    },
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  const { port: listening } = server.server.address() as AddressInfo;
  return {
    received,
    url: `smtp://127.0.0.1:${listening}`,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/**
 * The first mail in `mails` (from index `after` on) addressed to `address`, as soon as it has come;
 * an error after `ms` without one.
 */
export async function mailTo(mails: readonly ParsedMail[], address: string, { after = 0, ms = 20_000 } = {}) {
  const wanted = address.toLowerCase();
  const deadline = Date.now() + ms;
  for (;;) {
    const mail = mails.slice(after).find((each) =>
      JSON.stringify(each.to ?? "")
        .toLowerCase()
        .includes(wanted),
    );
    if (mail) return mail;
    if (Date.now() > deadline) throw new Error(`no mail to ${address}`);
    await new Promise((resolve) => setTimeout(resolve, 50));
  }
}
