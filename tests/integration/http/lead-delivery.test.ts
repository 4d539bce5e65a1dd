import { createHmac, randomUUID } from "node:crypto";
import { createServer, type IncomingHttpHeaders, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { generateLicenseKey } from "#db/license-key.ts";
import { clients } from "#db/schema.ts";
import { startServer, type RunningServer } from "../../support/server.ts";
import { decodeToast } from "../../support/http.ts";
import { startMailbox, type Mailbox } from "../../support/mailbox.ts";
import { operatorCookies } from "../../support/channel-operator.ts";

/**
 * Leads reaching the business through a running server: the delivery settings' API and form (bad
 * addresses refused in both languages), then a visitor's message, e-mailed through a local SMTP
 * server and posted, signed, to a local receiver by the server's own delivery worker.
 */
let server: RunningServer;
let smtp: Mailbox;
let receiver: Server;
let receiverUrl = "";
const mails: ParsedMail[] = [];
const hooks: { headers: IncomingHttpHeaders; body: string }[] = [];
const cookies = { en: "", he: "" };
let clientId = 0;
const LICENSE = generateLicenseKey();

async function until<T>(read: () => T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

beforeAll(async () => {
  smtp = await startMailbox(mails);
  receiver = createServer((request, response) => {
    const chunks: Buffer[] = [];
    request.on("data", (chunk: Buffer) => chunks.push(chunk));
    request.on("end", () => {
      hooks.push({ headers: request.headers, body: Buffer.concat(chunks).toString("utf8") });
      response.writeHead(204).end();
    });
  });
  await new Promise<void>((resolve) => receiver.listen(0, "127.0.0.1", resolve));
  const receiverPort = (receiver.address() as AddressInfo).port;
  receiverUrl = `http://127.0.0.1:${receiverPort}/hooks/alex`;

  server = await startServer(
    {
      SMTP_URL: smtp.url,
      MAIL_FROM: "Alex <alex@alex.example>",
      // Only the receiver's port is allowed: any other local address stays refused.
      SCANNER_ALLOW_HOSTS: `127.0.0.1:${receiverPort}`,
    },
    {
      prepareDatabase: async (db) => {
        const [row] = await db
          .insert(clients)
          .values({
            businessName: "Lead Bakery",
            ownerEmail: "owner@lead-bakery.example",
            contactEmail: "leads@lead-bakery.example",
            websiteDomain: "lead-bakery.example",
            businessType: "restaurant",
            licenseKey: LICENSE,
          })
          .returning({ id: clients.id });
        clientId = row!.id;
      },
    },
  );
  Object.assign(cookies, await operatorCookies(server.url));
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await new Promise<void>((resolve) => receiver.close(() => resolve()));
  await smtp?.close();
});

const api = (language: "en" | "he", body: unknown, method = "PUT") =>
  fetch(`${server.url}/api/clients/${clientId}/lead-delivery`, {
    method,
    headers: { Cookie: cookies[language], "Content-Type": "application/json" },
    body: JSON.stringify(body),
  });

const postTab = (language: "en" | "he", fields: Record<string, string>) =>
  fetch(`${server.url}/admin/clients/${clientId}?tab=delivery`, {
    method: "POST",
    headers: { Cookie: cookies[language] },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });

describe("the lead delivery settings", () => {
  it("refuses bad and private webhook addresses through the API, in the caller's language", async () => {
    const cases = [
      {
        body: { webhookUrl: "not a url" },
        en: "Enter a valid http or https address.",
        he: "יש להזין כתובת http או https תקינה.",
      },
      {
        body: { webhookUrl: "ftp://hooks.example/x" },
        en: "Enter a valid http or https address.",
        he: "יש להזין כתובת http או https תקינה.",
      },
      {
        body: { webhookUrl: "http://127.0.0.1:9/hook" },
        en: "This address is on a private network or this machine; use a public address.",
        he: "הכתובת נמצאת ברשת פרטית או במחשב הזה; יש להשתמש בכתובת ציבורית.",
      },
      {
        body: { webhookUrl: "http://10.0.0.8/hook" },
        en: "This address is on a private network or this machine; use a public address.",
        he: "הכתובת נמצאת ברשת פרטית או במחשב הזה; יש להשתמש בכתובת ציבורית.",
      },
      { body: { language: "fr" }, en: "Choose Hebrew or English.", he: "יש לבחור עברית או אנגלית." },
    ];
    for (const { body, en, he } of cases) {
      for (const [language, message] of [
        ["en", en],
        ["he", he],
      ] as const) {
        const response = await api(language, body);
        expect(response.status).toBe(400);
        const answer = (await response.json()) as { error: string; fields: Record<string, string> };
        expect(Object.values(answer.fields)).toEqual([message]);
      }
    }
    expect((await api("en", {})).status).toBe(400);
    expect((await api("en", { webhookUrl: "https://hooks.example/x" }, "POST")).status).toBe(405);
    // Nothing was saved.
    const settings = (await (
      await fetch(`${server.url}/api/clients/${clientId}/lead-delivery`, {
        headers: { Cookie: cookies.en },
      })
    ).json()) as { webhookUrl: string | null; webhookSecret: string | null; mailEnabled: boolean; language: string };
    expect(settings).toMatchObject({ webhookUrl: null, webhookSecret: null, mailEnabled: true, language: "he" });
  });

  it("refuses a private address on the settings form with the message in the page's language, values kept", async () => {
    for (const [language, message] of [
      ["en", "This address is on a private network or this machine; use a public address."],
      ["he", "הכתובת נמצאת ברשת פרטית או במחשב הזה; יש להשתמש בכתובת ציבורית."],
    ] as const) {
      const response = await postTab(language, {
        intent: "delivery-settings",
        language: "en",
        webhookUrl: "http://192.168.1.20/hook",
      });
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).toContain('value="http://192.168.1.20/hook"');
    }
    const bad = await postTab("he", { intent: "delivery-settings", language: "en", webhookUrl: "javascript:alert(1)" });
    expect(bad.status).toBe(400);
    expect(await bad.text()).toContain("יש להזין כתובת http או https תקינה.");
  });

  it("saves the webhook with a new secret, then delivers a visitor's lead by e-mail and signed webhook", async () => {
    const saved = await postTab("en", { intent: "delivery-settings", language: "en", webhookUrl: receiverUrl });
    expect(saved.status).toBe(302);
    expect(decodeToast(saved.headers.getSetCookie().find((value) => value.startsWith("alex_toast=")))).toMatchObject({
      message: "Delivery settings saved",
    });
    const settings = (await (
      await fetch(`${server.url}/api/clients/${clientId}/lead-delivery`, {
        headers: { Cookie: cookies.en },
      })
    ).json()) as { webhookUrl: string; webhookSecret: string; language: string };
    expect(settings).toMatchObject({ webhookUrl: receiverUrl, language: "en" });
    expect(settings.webhookSecret).toMatch(/^whsec_[\w-]{43}$/);

    const started = Date.now();
    const reply = await fetch(`${server.url}/api/wordpress/messages`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({
        license: LICENSE,
        sessionId: null,
        clientMessageId: randomUUID(),
        message: "My name is Dana and my phone is 052-765-4321",
        // The visitor ticked the widget's consent: only then are the details a lead.
        consent: true,
      }),
    });
    expect(reply.status).toBe(200);

    const mail = await until(() => mails[0]);
    const hook = await until(() => hooks[0]);
    expect(Date.now() - started).toBeLessThan(15_000);
    expect(mail.subject).toBe("Completed in your website chat: Client introduction with Dana");
    expect(mail.text).toContain("Phone: 052-7654321");
    const timestamp = String(hook.headers["x-alex-timestamp"]);
    expect(hook.headers["x-alex-signature"]).toBe(
      `sha256=${createHmac("sha256", settings.webhookSecret).update(`${timestamp}.${hook.body}`).digest("hex")}`,
    );
    expect(JSON.parse(hook.body)).toMatchObject({
      type: "function.completed",
      contact: { clientName: "Dana", phone: "052-7654321" },
    });

    // The log on the client page, and Resend.
    const page = await fetch(`${server.url}/admin/clients/${clientId}?tab=delivery`, {
      headers: { Cookie: cookies.en },
    });
    const html = await page.text();
    expect(html).toContain("Delivery log");
    expect(html).toContain("E-mail is on: leads go to leads@lead-bakery.example.");
    const [deliveryId] = [...html.matchAll(/name="deliveryId" value="(\d+)"/g)].map((match) => match[1]);
    const resent = await postTab("he", { intent: "resend-delivery", deliveryId: deliveryId! });
    expect(resent.status).toBe(302);
    expect(decodeToast(resent.headers.getSetCookie().find((value) => value.startsWith("alex_toast=")))).toMatchObject({
      message: "נשלח שוב",
    });
    expect(mails.length + hooks.length).toBe(3);
    const log = (await (
      await fetch(`${server.url}/api/clients/${clientId}/lead-delivery`, { headers: { Cookie: cookies.en } })
    ).json()) as {
      deliveries: { id: number; status: string; attempts: number; history: { attempt: number; ok: boolean }[] }[];
    };
    const again = log.deliveries.find((delivery) => delivery.id === Number(deliveryId));
    expect(again).toMatchObject({ status: "delivered", attempts: 2 });
    expect(again?.history.map(({ attempt, ok }) => ({ attempt, ok }))).toEqual([
      { attempt: 1, ok: true },
      { attempt: 2, ok: true },
    ]);
  });
});
