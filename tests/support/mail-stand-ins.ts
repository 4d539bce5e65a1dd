import { spawn } from "node:child_process";
import { createServer } from "node:http";
import type { ParsedMail } from "mailparser";
import { startCardcomStandIn } from "./cardcom-stand-in.ts";
import { startMailbox } from "./mailbox.ts";
import { startMorningStandIn } from "./morning-stand-in.ts";
import { readJson } from "./request-body.ts";

/**
 * The e2e server with mail on and its stand-ins (playwright.config.ts starts this file as a `webServer`
 * of its own): the SMTP mailbox, Morning and Cardcom, each on its fixed port, for the whole run, and
 * the app server (server.mjs, with this process's environment, which the config set for it). The app
 * server starts in the background, while Playwright starts the main one: the specs that use it wait
 * for it (tests/e2e/mail-fixtures.ts). The test workers read what the stand-ins received, and steer
 * them, over a small HTTP API on `controlPort`, so every worker (and a retry) sees the same mail:
 * - GET /healthz → 200 once the stand-ins are listening
 * - GET /mails → every mail received, in order: `{ to, from, subject, text, html }`
 * - GET /morning/documents → the documents Morning made
 * - POST /cardcom/fail `{ payPath, how }` → the card saved when the bill at `payPath` was paid on the
 *   hosted page is declined (or, `how` "expired", past its date) from now on
 */
export type ReceivedMail = { to: string; from: string; subject: string; text: string; html: string };

const [controlPort, smtpPort, morningPort, cardcomPort] = process.argv.slice(2).map(Number);
if (!controlPort || !smtpPort || !morningPort || !cardcomPort)
  throw new Error("usage: mail-stand-ins.ts <control port> <smtp port> <morning port> <cardcom port>");

const mails: ParsedMail[] = [];
const mailbox = await startMailbox(mails, { port: smtpPort });
const morning = await startMorningStandIn({ port: morningPort });
const cardcom = await startCardcomStandIn({ port: cardcomPort });

const asReceived = (mail: ParsedMail): ReceivedMail => ({
  to: [mail.to ?? []]
    .flat()
    .map((address) => address.text)
    .join(", "),
  from: mail.from?.text ?? "",
  subject: mail.subject ?? "",
  text: mail.text ?? "",
  html: typeof mail.html === "string" ? mail.html : "",
});

const control = createServer(async (request, response) => {
  const send = (status: number, body: unknown) => {
    response.writeHead(status, { "Content-Type": "application/json" });
    response.end(JSON.stringify(body));
  };
  const path = new URL(request.url ?? "/", "http://stand-ins").pathname;
  if (request.method === "GET" && path === "/healthz") return send(200, { ok: true });
  if (request.method === "GET" && path === "/mails") return send(200, mails.map(asReceived));
  if (request.method === "GET" && path === "/morning/documents") return send(200, morning.documents);
  if (request.method === "POST" && path === "/cardcom/fail") {
    const body = await readJson(request);
    const payPath = typeof body?.payPath === "string" ? body.payPath : "";
    const how = body?.how === "expired" ? "expired" : "declined";
    const deals = [...cardcom.deals.values()].filter((deal) => payPath && deal.successUrl.includes(payPath));
    const tokens = deals.flatMap((deal) => (deal.token ? [deal.token] : []));
    for (const token of tokens) cardcom.failToken(token, how);
    return send(tokens.length > 0 ? 200 : 404, { failed: tokens.length });
  }
  return send(404, { error: "unknown" });
});
await new Promise<void>((resolve) => control.listen(controlPort, "127.0.0.1", resolve));

// tests/support/server.ts says why the flag.
const app = spawn(process.execPath, ["--liftoff-only", "server.mjs"], { stdio: "inherit", env: process.env });
app.on("exit", (code, signal) => {
  if (!stopping) console.error(`The mail e2e server stopped (${signal ?? code}).`);
});

let stopping = false;
const stop = () => {
  stopping = true;
  app.kill("SIGTERM");
  control.close();
  void Promise.all([mailbox.close(), morning.close(), cardcom.close()]).then(() => process.exit(0));
};
process.on("SIGTERM", stop);
process.on("SIGINT", stop);
