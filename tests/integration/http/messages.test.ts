import { randomUUID } from "node:crypto";
import { mkdtempSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/connection.ts";
import { generateLicenseKey } from "#db/license-key.ts";
import { clients } from "#db/schema.ts";
import { seedDemoData } from "~/billing/demo-bills.server.ts";
import { loginAsOperator, request, seedClient, uniqueIp } from "../../support/http.ts";
import { startOpenAiStandIn, type OpenAiStandIn } from "../../support/openai-stand-in.ts";
import { startServer, type RunningServer } from "../../support/server.ts";

const ENDPOINT = "/api/wordpress/messages";
const TINY_PNG = "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==";

async function demoLicense(base = ""): Promise<string> {
  const page = await (await request(`${base}/minimal-chat-demo`)).text();
  const license = /alex_[0-9a-f]{32}/.exec(page)?.[0];
  if (!license) throw new Error("The demo page carries no license.");
  return license;
}

function post(body: unknown, init: { ip?: string; accept?: string; query?: string; base?: string } = {}) {
  return request(`${init.base ?? ""}${ENDPOINT}${init.query ?? ""}`, {
    method: "POST",
    ip: init.ip,
    headers: {
      "Content-Type": "application/json",
      Accept: init.accept ?? "application/json",
      "User-Agent": "http-test",
    },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

/** A message with pictures, as the widget sends it: the JSON as `payload`, then each picture as an `image` file. */
function postPictures(
  payload: unknown,
  pictures: { name: string; bytes: Uint8Array; type?: string }[],
  init: { ip?: string; query?: string; base?: string } = {},
) {
  const form = new FormData();
  form.append("payload", JSON.stringify(payload));
  for (const picture of pictures)
    form.append(
      "image",
      new Blob([new Uint8Array(picture.bytes)], { type: picture.type ?? "image/png" }),
      picture.name,
    );
  return request(`${init.base ?? ""}${ENDPOINT}${init.query ?? ""}`, {
    method: "POST",
    ip: init.ip,
    headers: { Accept: "application/json", "User-Agent": "http-test" },
    body: form,
  });
}
const tinyPng = () => Buffer.from(TINY_PNG, "base64");

type SseEvent = { event: string; data: Record<string, unknown> };
async function readEvents(response: Response): Promise<SseEvent[]> {
  const text = await response.text();
  return text
    .split("\n\n")
    .filter((block) => block.trim())
    .map((block) => {
      const event = /^event: (.*)$/m.exec(block)?.[1] ?? "";
      const data = JSON.parse(/^data: (.*)$/m.exec(block)?.[1] ?? "null") as Record<string, unknown>;
      return { event, data };
    });
}

describe("POST /api/wordpress/messages (built-in responder, the shared server)", () => {
  let license: string;
  /** The seed's own client: billed as every business is (the public demo's messages cost nothing). */
  let billedLicense: string;
  beforeAll(async () => {
    license = await demoLicense();
    billedLicense = (await seedClient(await loginAsOperator())).licenseKey;
  });

  it("answers a first message with the session, the reply, its type and cost", async () => {
    const license = billedLicense;
    const response = await post({ license, clientMessageId: randomUUID(), message: "  כמה עולה המנוי?  " });
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("no-store");
    const body = (await response.json()) as Record<string, unknown>;
    expect(body).toEqual({
      sessionId: expect.stringMatching(/^sess_/),
      messageId: expect.any(Number),
      reply: expect.stringContaining("$50 לחודש"),
      messageType: "conversation",
      cost: 1,
    });

    const next = await post({ license, sessionId: body.sessionId, clientMessageId: randomUUID(), message: "תודה" });
    expect(await next.json()).toMatchObject({ sessionId: body.sessionId, messageType: "general", cost: 0 });
  });

  it("streams the reply as server-sent events: deltas, then done with the same fields", async () => {
    const license = billedLicense;
    const clientMessageId = randomUUID();
    const response = await post(
      { license, clientMessageId, message: "איך מתקינים את התוסף?" },
      { accept: "text/event-stream" },
    );
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/event-stream; charset=utf-8");
    const events = await readEvents(response);
    expect(events.map((each) => each.event)).toEqual(["delta", "done"]);
    const done = events[1]!.data;
    expect(done).toMatchObject({
      sessionId: expect.any(String),
      messageId: expect.any(Number),
      messageType: "conversation",
      cost: 1,
    });
    expect(events[0]!.data.text).toBe(done.reply);
    expect(done.reply).toContain("וורדפרס");

    // The retry of a streamed message gets the stored one, as JSON or as a stream.
    const retry = await post({ license, clientMessageId, message: "איך מתקינים את התוסף?" });
    expect(await retry.json()).toEqual(done);
  });

  it("refuses bad input with 400 and a message in the request's language", async () => {
    const notJson = await post("this is not json");
    expect(notJson.status).toBe(400);
    expect(await notJson.json()).toEqual({ error: "הבקשה חייבת להיות אובייקט JSON." });

    const empty = await post({ license, clientMessageId: randomUUID(), message: "   " }, { query: "?lng=en" });
    expect(empty.status).toBe(400);
    expect(await empty.json()).toEqual({ error: "Write a message of 1 to 2,000 characters." });

    const tooLong = await post({ license, clientMessageId: randomUUID(), message: "א".repeat(2001) });
    expect(tooLong.status).toBe(400);
    expect((await post({ license, clientMessageId: randomUUID(), message: "א".repeat(2000) })).status).toBe(200);

    const badId = await post({ license, clientMessageId: "not-a-uuid", message: "hi" }, { query: "?lng=en" });
    expect(await badId.json()).toEqual({ error: "The message could not be read. Check its fields." });

    // Consent is true or absent: anything else is not the widget's answer.
    for (const consent of ["yes", false, 1]) {
      const badConsent = await post(
        { license, clientMessageId: randomUUID(), message: "hi", consent },
        { query: "?lng=en" },
      );
      expect(badConsent.status, String(consent)).toBe(400);
      expect(await badConsent.json()).toEqual({ error: "The message could not be read. Check its fields." });
    }
    expect((await post({ license, clientMessageId: randomUUID(), message: "hi", consent: true })).status).toBe(200);

    const inJson = await post(
      {
        license,
        clientMessageId: randomUUID(),
        message: "photo",
        images: [{ name: "a.png", data: TINY_PNG }],
      },
      { query: "?lng=en" },
    );
    expect(inJson.status).toBe(400);
    expect(await inJson.json()).toEqual({
      error: "Send pictures as files of a multipart/form-data upload, not inside the JSON.",
    });
    const message = () => ({ license, clientMessageId: randomUUID(), message: "photo" });
    const imagesError = { error: "Attach at most 3 images: JPEG, PNG or WebP, up to 5 MB each." };
    const gif = await postPictures(message(), [{ name: "a.png", bytes: Buffer.from("GIF89a fake") }], {
      query: "?lng=en",
    });
    expect(gif.status).toBe(400);
    expect(await gif.json()).toEqual(imagesError);
    const four = Array.from({ length: 4 }, (_, index) => ({ name: `${index}.png`, bytes: tinyPng() }));
    expect(await (await postPictures(message(), four, { query: "?lng=en" })).json()).toEqual(imagesError);
    const nothing = await postPictures(message(), [{ name: "a.png", bytes: new Uint8Array() }], { query: "?lng=en" });
    expect([nothing.status, await nothing.json()]).toEqual([400, imagesError]);
    // Over 5 MB: refused as its bytes pass the limit, whatever the rest of the upload holds.
    const big = Buffer.alloc(5 * 1024 * 1024 + 1, 1);
    tinyPng().copy(big);
    const tooBig = await postPictures(message(), [{ name: "big.png", bytes: big }], { query: "?lng=en" });
    expect([tooBig.status, await tooBig.json()]).toEqual([400, imagesError]);
    // No payload, a payload that is not the message, a part of another name: not a message.
    const invalid = { error: "The message could not be read. Check its fields." };
    const noPayload = new FormData();
    noPayload.append("image", new Blob([tinyPng()]), "a.png");
    const withoutPayload = await request(`${ENDPOINT}?lng=en`, { method: "POST", body: noPayload });
    expect([withoutPayload.status, await withoutPayload.json()]).toEqual([400, invalid]);
    const payloadNotJson = new FormData();
    payloadNotJson.append("payload", "{not json");
    payloadNotJson.append("image", new Blob([tinyPng()]), "a.png");
    const brokenPayload = await request(`${ENDPOINT}?lng=en`, { method: "POST", body: payloadNotJson });
    expect([brokenPayload.status, await brokenPayload.json()]).toEqual([400, invalid]);
    const stranger = new FormData();
    stranger.append("payload", JSON.stringify(message()));
    stranger.append("other", new Blob([tinyPng()]), "a.png");
    const strangePart = await request(`${ENDPOINT}?lng=en`, { method: "POST", body: stranger });
    expect([strangePart.status, await strangePart.json()]).toEqual([400, invalid]);
    const broken = await request(`${ENDPOINT}?lng=en`, {
      method: "POST",
      headers: { "Content-Type": "multipart/form-data; boundary=xyz" },
      body: '--xyz\r\nContent-Disposition: form-data; name="payload"\r\n\r\n{',
    });
    expect([broken.status, await broken.json()]).toEqual([400, invalid]);

    const form = await request(ENDPOINT, { method: "POST", body: new URLSearchParams({ message: "hi" }) });
    expect(form.status).toBe(415);
  });

  it("takes up to three pictures as files and answers in the visitor's language", async () => {
    const response = await postPictures(
      { license, clientMessageId: randomUUID(), message: "Here are photos of my shop" },
      [
        { name: "shop.png", bytes: tinyPng() },
        { name: "menu.png", bytes: tinyPng(), type: "application/octet-stream" },
      ],
    );
    expect(response.status).toBe(200);
    const body = (await response.json()) as { reply: string };
    expect(body.reply).toContain("Thanks, I received your 2 images.");
  });

  it("refuses a body larger than three images can make with 413", async () => {
    // Refused by its Content-Length before a byte is read: the answer may come while the client is still
    // writing, and the server then closes the connection, so a client can see the pipe break instead.
    const huge = await post({
      license,
      clientMessageId: randomUUID(),
      message: "x",
      padding: "x".repeat(22 * 1024 * 1024),
    }).catch((error: Error & { cause?: { code?: string } }) => error);
    if (huge instanceof Response) {
      expect(huge.status).toBe(413);
      expect(await huge.json()).toEqual({ error: "הבקשה גדולה מדי." });
    } else expect(huge.cause?.code).toMatch(/^(EPIPE|ECONNRESET)$/);
    // Without pictures the JSON is held to the API's 64 KB; an upload to three pictures and their payload.
    const padded = await post({ license, clientMessageId: randomUUID(), message: "x", padding: "x".repeat(70_000) });
    expect(padded.status).toBe(413);
    const pictures = Array.from({ length: 3 }, (_, index) => ({
      name: `${index}.png`,
      // A real picture's first bytes, so the size and not the type is what refuses it: three of these are
      // more than the upload's cap of three 5 MiB pictures and the message.
      bytes: Buffer.concat([tinyPng(), Buffer.alloc(5_300_000)]),
    }));
    const tooMuch = await postPictures({ license, clientMessageId: randomUUID(), message: "x" }, pictures).catch(
      (error: Error & { cause?: { code?: string } }) => error,
    );
    if (tooMuch instanceof Response) expect(tooMuch.status).toBe(413);
    else expect(tooMuch.cause?.code).toMatch(/^(EPIPE|ECONNRESET)$/);
  });

  it("answers 404 for an unknown license, without a session", async () => {
    const response = await post(
      { license: "alex_00000000000000000000000000000000", clientMessageId: randomUUID(), message: "hi" },
      { query: "?lng=en" },
    );
    expect(response.status).toBe(404);
    expect(await response.json()).toEqual({ error: "This chat is not set up: the license key is unknown." });
  });

  it("limits an address to 30 messages a minute with 429 and Retry-After", async () => {
    const ip = uniqueIp();
    const statuses: number[] = [];
    for (let index = 0; index < 31; index++) {
      statuses.push(
        (await post({ license: "alex_unknown", clientMessageId: randomUUID(), message: "hi" }, { ip })).status,
      );
    }
    expect(statuses.slice(0, 30).every((status) => status === 404)).toBe(true);
    const limited = await post({ license, clientMessageId: randomUUID(), message: "hi" }, { ip });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await limited.json()).toEqual({ error: "יותר מדי הודעות בזמן קצר. נא להמתין דקה ולנסות שוב." });
  });

  it("answers GET with 405", async () => {
    const response = await request(ENDPOINT);
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });
});

describe("the completed functions API", () => {
  it("lists the completed functions newest first, in dollars, and their stats for an operator", async () => {
    const cookie = await loginAsOperator();
    const list = (await (await request("/api/completed-functions", { headers: { cookie } })).json()) as Record<
      string,
      unknown
    >[];
    expect(list.length).toBeGreaterThan(0);
    expect(list[0]).toEqual({
      id: expect.any(Number),
      clientId: expect.any(Number),
      sessionId: expect.stringMatching(/^sess_/),
      functionType: expect.stringMatching(
        /^(party_planning_consultation|client_introduction|article_generation)_complete$/,
      ),
      clientDetails: expect.any(Object),
      profitAmount: 1,
      completedAt: expect.stringMatching(/^\d{4}-\d\d-\d\dT/),
    });
    const dates = list.map((each) => String(each.completedAt));
    expect([...dates].sort().reverse()).toEqual(dates);

    const stats = await (await request("/api/completed-functions/stats", { headers: { cookie } })).json();
    expect(stats).toEqual({
      totalFunctionsCompleted: list.length,
      totalProfitGenerated: list.length,
      averageProfitPerFunction: 1,
    });
  });

  it("answers an anonymous caller 401", async () => {
    expect((await request("/api/completed-functions")).status).toBe(401);
    expect((await request("/api/completed-functions/stats")).status).toBe(401);
  });
});

describe("POST /api/wordpress/messages on a server with an AI provider and inactive clients", () => {
  let server: RunningServer;
  let standIn: OpenAiStandIn;
  let dataDir: string;
  const licenses = { active: "", suspended: "" };

  beforeAll(async () => {
    standIn = await startOpenAiStandIn();
    dataDir = mkdtempSync(path.join(tmpdir(), "alex-messages-"));
    // Prepare the embedded database first (seeded, one client suspended), then hand the folder to the server.
    const database = await openDatabase({ dataDir });
    await seedDemoData(database.db, { timeZone: "Asia/Jerusalem" });
    const [active] = await database.db
      .select({ licenseKey: clients.licenseKey })
      .from(clients)
      .where(eq(clients.businessName, "Alex AI"));
    licenses.active = active!.licenseKey;
    licenses.suspended = generateLicenseKey();
    await database.db.insert(clients).values({
      businessName: "Suspended Co",
      ownerEmail: "s@example.com",
      websiteDomain: "suspended.example",
      businessType: "retail",
      status: "suspended",
      licenseKey: licenses.suspended,
    });
    await database.close();
    server = await startServer({
      DATA_DIR: dataDir,
      SEED_DEMO: "false",
      AI_BASE_URL: standIn.baseUrl,
      AI_MODEL: "test-model",
      AI_API_KEY: "k",
    });
  }, 90_000);
  afterAll(async () => {
    await server?.stop();
    await standIn?.close();
    rmSync(dataDir, { recursive: true, force: true });
  });

  it("answers 403 for a suspended client and calls no AI", async () => {
    const response = await post(
      { license: licenses.suspended, clientMessageId: randomUUID(), message: "hi" },
      { base: server.url, query: "?lng=en" },
    );
    expect(response.status).toBe(403);
    expect(await response.json()).toEqual({ error: "This chat is not available at the moment." });
    expect(standIn.received).toHaveLength(0);
  });

  it("streams the model's reply through to the visitor as it is written", async () => {
    standIn.script({ kind: "reply", chunks: ["Alex ", "עונה ", "24/7."] });
    const response = await post(
      { license: licenses.active, clientMessageId: randomUUID(), message: "מה זה Alex?" },
      { base: server.url, accept: "text/event-stream" },
    );
    const events = await readEvents(response);
    expect(events.map((each) => each.event)).toEqual(["delta", "delta", "delta", "done"]);
    expect(events.slice(0, 3).map((each) => each.data.text)).toEqual(["Alex ", "עונה ", "24/7."]);
    expect(events[3]!.data).toMatchObject({ reply: "Alex עונה 24/7.", messageType: "conversation", cost: 1 });
    expect(standIn.received.at(-1)!.body.messages[0]!.content).toContain("Reply in Hebrew.");
  });

  it("falls back politely when the provider fails, at $0", async () => {
    standIn.script({ kind: "status", status: 500 });
    const response = await post(
      { license: licenses.active, clientMessageId: randomUUID(), message: "What does it cost?" },
      { base: server.url },
    );
    expect(response.status).toBe(200);
    expect(await response.json()).toMatchObject({
      reply: expect.stringMatching(/^Sorry, I couldn't answer just now\./),
      messageType: "general",
      cost: 0,
    });
  });
});
