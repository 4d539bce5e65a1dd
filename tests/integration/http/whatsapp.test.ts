import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CHANNEL_WEBHOOK_LIMIT } from "~/channels/webhook-limit.server.ts";
import { insertClient } from "../../support/factories.ts";
import { decodeToast, sendMany } from "../../support/http.ts";
import { clientSessions, exportedSession, operatorCookies, until } from "../../support/channel-operator.ts";
import {
  sendWhatsAppWebhook,
  sendWronglySignedWhatsAppWebhook,
  startFakeWhatsApp,
  whatsappMessageWebhook,
  whatsappStatusWebhook,
  type FakeWhatsApp,
} from "../../support/fake-whatsapp.ts";
import { startServer, type RunningServer } from "../../support/server.ts";

/**
 * WhatsApp through a running server and a Graph API stand-in: the operator connects the number on
 * the Channels tab, Meta's handshake, signed webhooks answered by the assistant, retries stored once.
 */
const TOKEN = "EAAGfakeAccessToken0123456789abcdefXYZ9876";
const APP_SECRET = "0123456789abcdef0123456789abcdef";
const PHONE_NUMBER_ID = "106540352242922";
const WA_USER = "972501234567";
const TINY_PNG = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);

/** An address that sends more webhook calls than the limit allows in a minute. */
const LIMITED_ADDRESS = "203.0.113.91";

let server: RunningServer;
let graph: FakeWhatsApp;
let cookies: Record<"en" | "he", string>;
let clientId = 0;

beforeAll(async () => {
  graph = await startFakeWhatsApp({ token: TOKEN });
  server = await startServer(
    { WHATSAPP_GRAPH_URL: graph.url },
    {
      prepareDatabase: async (db) => {
        clientId = (await insertClient(db, { businessName: "Wa Bakery" })).id;
      },
    },
  );
  cookies = await operatorCookies(server.url);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await graph?.close();
});

const tabPath = () => `/admin/clients/${clientId}?tab=channels`;
const postTab = (language: "en" | "he", fields: Record<string, string>) =>
  fetch(`${server.url}${tabPath()}`, {
    method: "POST",
    headers: { Cookie: cookies[language] },
    body: new URLSearchParams(fields),
    redirect: "manual",
  });
const tabHtml = async () => (await fetch(`${server.url}${tabPath()}`, { headers: { Cookie: cookies.en } })).text();
const sessions = () => clientSessions(server.url, cookies.en, clientId);
const text = (body: string) =>
  whatsappMessageWebhook({ phoneNumberId: PHONE_NUMBER_ID, from: WA_USER, messageId: "wamid.1", text: body });

describe("the Channels tab's WhatsApp form", () => {
  it("refuses a bad phone number id and a missing token in the operator's language", async () => {
    const english = await postTab("en", {
      intent: "connect-whatsapp",
      phoneNumberId: "+972 50",
      accessToken: TOKEN,
      appSecret: APP_SECRET,
    });
    expect(english.status).toBe(400);
    expect(await english.text()).toContain("Enter the phone number id from Meta&#x27;s console: digits only.");
    const hebrew = await postTab("he", { intent: "connect-whatsapp", phoneNumberId: PHONE_NUMBER_ID });
    expect(hebrew.status).toBe(400);
    const page = await hebrew.text();
    expect(page).toContain("הזינו את אסימון הגישה.");
    expect(page).toContain("הזינו את סוד האפליקציה.");
  });

  it("saves the connection and never sends the token or the app secret back", async () => {
    const saved = await postTab("en", {
      intent: "connect-whatsapp",
      phoneNumberId: PHONE_NUMBER_ID,
      accessToken: TOKEN,
      appSecret: APP_SECRET,
    });
    expect(saved.status).toBe(302);
    const page = await tabHtml();
    expect(page).toContain(`${server.url}/api/channels/whatsapp`);
    expect(page).toContain(`Saved, ends with …${TOKEN.slice(-4)}`);
    expect(page).not.toContain(TOKEN);
    expect(page).not.toContain(APP_SECRET);
    // Saving again with the fields empty keeps both.
    expect((await postTab("en", { intent: "connect-whatsapp", phoneNumberId: PHONE_NUMBER_ID })).status).toBe(302);
  });
});

describe("GET /api/channels/whatsapp (Meta's verification)", () => {
  it("answers the challenge for our verify token, 403 otherwise", async () => {
    const verifyToken = /Verify token<\/p>.*?<code[^>]*>([\w-]+)<\/code>/s.exec(await tabHtml())?.[1];
    expect(verifyToken).toBeTruthy();
    const good = await fetch(
      `${server.url}/api/channels/whatsapp?hub.mode=subscribe&hub.verify_token=${verifyToken}&hub.challenge=1158201444`,
    );
    expect(good.status).toBe(200);
    expect(good.headers.get("Content-Type")).toMatch(/^text\/plain/);
    expect(await good.text()).toBe("1158201444");
    const bad = await fetch(
      `${server.url}/api/channels/whatsapp?hub.mode=subscribe&hub.verify_token=guessed&hub.challenge=1158201444`,
    );
    expect(bad.status).toBe(403);
    expect(await bad.json()).toEqual({ error: "The verify token is not one we gave out." });
  });
});

describe("POST /api/channels/whatsapp", () => {
  it("refuses a missing or wrong signature with 401 and stores nothing", async () => {
    const unsigned = await sendWhatsAppWebhook(server.url, text("hello"), { signature: null });
    expect(unsigned.status).toBe(401);
    const wrong = await sendWronglySignedWhatsAppWebhook(server.url, text("hello"));
    expect(wrong.status).toBe(401);
    expect(await wrong.json()).toEqual({ error: "The webhook's signature is missing or does not match." });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(await sessions()).toEqual([]);
    expect(graph.sent).toEqual([]);
  });

  it("answers a text with the assistant's reply, and a retried delivery makes no second message", async () => {
    const first = await sendWhatsAppWebhook(server.url, text("שלום, מה שעות הפתיחה?"), { appSecret: APP_SECRET });
    expect(first.status).toBe(200);
    const reply = await until(() => graph.sent[0]);
    expect(reply).toMatchObject({ phoneNumberId: PHONE_NUMBER_ID, to: WA_USER });
    const retry = await sendWhatsAppWebhook(server.url, text("שלום, מה שעות הפתיחה?"), { appSecret: APP_SECRET });
    expect(retry.status).toBe(200);
    await new Promise((resolve) => setTimeout(resolve, 1000));
    expect(graph.sent).toHaveLength(1);
    const [session] = await sessions();
    expect(session).toMatchObject({ messageCount: 1 });
    const stored = await exportedSession(server.url, cookies.en, clientId, session!.sessionId);
    expect(stored.messages).toHaveLength(1);
    expect(stored.messages[0]).toMatchObject({ userMessage: "שלום, מה שעות הפתיחה?", aiResponse: reply.text });
  });

  it("takes an image by its media id into the same session", async () => {
    graph.addMedia("media-1", TINY_PNG);
    const image = whatsappMessageWebhook({
      phoneNumberId: PHONE_NUMBER_ID,
      from: WA_USER,
      messageId: "wamid.2",
      imageId: "media-1",
      text: "this one",
    });
    expect((await sendWhatsAppWebhook(server.url, image, { appSecret: APP_SECRET })).status).toBe(200);
    await until(() => graph.sent[1]);
    const [session, ...others] = await sessions();
    expect(others).toEqual([]);
    const stored = await exportedSession(server.url, cookies.en, clientId, session!.sessionId);
    expect(stored.messages).toHaveLength(2);
    expect(stored.messages[1]!.images).toHaveLength(1);
  });

  it("ignores status updates with 200, refuses an unknown number as unsigned (401) and a body too large (413)", async () => {
    const status = await sendWhatsAppWebhook(server.url, whatsappStatusWebhook(PHONE_NUMBER_ID), {
      appSecret: APP_SECRET,
    });
    expect(status.status).toBe(200);
    const unknown = whatsappMessageWebhook({
      phoneNumberId: "999999",
      from: WA_USER,
      messageId: "wamid.9",
      text: "hi",
    });
    // Nothing tells a stranger which numbers are connected: an unknown one is refused as a bad signature.
    const refused = await sendWhatsAppWebhook(server.url, unknown, { appSecret: APP_SECRET });
    expect(refused.status).toBe(401);
    expect(await refused.json()).toEqual({ error: "The webhook's signature is missing or does not match." });
    const huge = text("x".repeat(300 * 1024));
    expect((await sendWhatsAppWebhook(server.url, huge, { appSecret: APP_SECRET })).status).toBe(413);
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(graph.sent).toHaveLength(2);
  });
});

describe("the WhatsApp webhook's limit per address", () => {
  it("answers 429 with Retry-After before reading the body, for the handshake and for messages", async () => {
    // Unsigned calls, each refused on its missing signature alone, fill the address's minute.
    await sendMany(CHANNEL_WEBHOOK_LIMIT.limit, () =>
      sendWhatsAppWebhook(server.url, text("hi"), { signature: null }, { from: LIMITED_ADDRESS }),
    );
    const message = await sendWhatsAppWebhook(
      server.url,
      text("hi"),
      { appSecret: APP_SECRET },
      { from: LIMITED_ADDRESS },
    );
    expect(message.status).toBe(429);
    expect(Number(message.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await message.json()).toEqual({ error: expect.stringMatching(/too many/i) });
    const handshake = await fetch(
      `${server.url}/api/channels/whatsapp?hub.mode=subscribe&hub.verify_token=guess&hub.challenge=1`,
      { headers: { "X-Forwarded-For": LIMITED_ADDRESS } },
    );
    expect(handshake.status).toBe(429);
  });
});

describe("a person's reply to a WhatsApp visitor", () => {
  const postSession = (sessionId: string, fields: Record<string, string>, language: "en" | "he" = "en") =>
    fetch(`${server.url}/admin/session/${sessionId}`, {
      method: "POST",
      headers: { Cookie: cookies[language] },
      body: new URLSearchParams(fields),
      redirect: "manual",
    });
  const toastOf = (response: Response) =>
    decodeToast(response.headers.getSetCookie().find((value) => value.startsWith("alex_toast="))) as {
      type: string;
      message: string;
      description?: string;
    };

  it("says it was delivered to WhatsApp, or WhatsApp's refusal in words, on the toast and the reply box", async () => {
    const [session] = await sessions();
    const sessionId = session!.sessionId;
    expect((await postSession(sessionId, { intent: "take-over" })).status).toBe(302);
    const sentBefore = graph.sent.length;

    const delivered = await postSession(sessionId, { intent: "reply", reply: "Hi, Noa from the bakery here." });
    expect(delivered.status).toBe(302);
    expect(toastOf(delivered)).toMatchObject({ type: "success", description: "Delivered to WhatsApp." });
    expect(graph.sent.slice(sentBefore)).toEqual([
      { phoneNumberId: PHONE_NUMBER_ID, to: WA_USER, text: "Hi, Noa from the bakery here." },
    ]);
    const page = async (language: "en" | "he") =>
      (await fetch(`${server.url}/admin/session/${sessionId}`, { headers: { Cookie: cookies[language] } })).text();
    expect(await page("en")).toContain("Delivered to WhatsApp.");

    graph.refusedRecipients.add(WA_USER);
    try {
      const refused = await postSession(sessionId, { intent: "reply", reply: "Are you there?" }, "he");
      expect(refused.status).toBe(302);
      expect(toastOf(refused)).toMatchObject({
        type: "warning",
        message: "התשובה נשמרה, אבל לא הגיעה למבקר/ת.",
        description: "WhatsApp דחה אותה: „(#131047) Re-engagement message”.",
      });
      expect(await page("en")).toContain("WhatsApp refused it: “(#131047) Re-engagement message”.");
      // Each reply in the conversation keeps its own outcome: the first one still reached the visitor.
      const thread = (html: string) => html.slice(html.indexOf("<ol"), html.indexOf("</ol>"));
      const english = thread(await page("en"));
      expect(english.indexOf("Delivered to WhatsApp.")).toBeGreaterThan(
        english.indexOf("Hi, Noa from the bakery here."),
      );
      expect(english.indexOf("WhatsApp refused it")).toBeGreaterThan(english.indexOf("Are you there?"));
      const hebrew = thread(await page("he"));
      expect(hebrew).toContain("נמסרה ל-WhatsApp.");
      expect(hebrew).toContain("WhatsApp דחה אותה: „(#131047) Re-engagement message”.");
    } finally {
      graph.refusedRecipients.delete(WA_USER);
    }
    expect((await postSession(sessionId, { intent: "hand-back" })).status).toBe(302);
  });
});
