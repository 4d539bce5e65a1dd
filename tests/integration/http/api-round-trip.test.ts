import { beforeAll, describe, expect, it } from "vitest";
import { loginAsOperator, request } from "../../support/http.ts";

/**
 * Every operator API that answers a GET and takes an update: what the GET answered can be sent back
 * as it is (200, and nothing changes), and the same object with one field changed saves that field.
 * Each test works on a client of its own, made here through the API.
 */
let cookie: string;
beforeAll(async () => {
  cookie = await loginAsOperator();
});

type Json = Record<string, unknown>;

const send = (method: string, path: string, body?: unknown) =>
  request(path, {
    method,
    headers: { Cookie: cookie, ...(body === undefined ? {} : { "Content-Type": "application/json" }) },
    ...(body === undefined ? {} : { body: JSON.stringify(body) }),
  });

async function read(path: string): Promise<Json> {
  const response = await send("GET", path);
  expect(response.status, `GET ${path}`).toBe(200);
  return (await response.json()) as Json;
}

async function write(method: "PUT" | "POST", path: string, body: unknown): Promise<Json> {
  const response = await send(method, path, body);
  const answer = (await response.json()) as Json;
  expect(response.status, `${method} ${path}: ${JSON.stringify(answer)}`).toBeLessThan(300);
  return answer;
}

async function newClient() {
  const client = await write("POST", "/api/clients", {
    businessName: `Round Trip ${Math.random().toString(36).slice(2, 8)}`,
    ownerEmail: "owner@round-trip.example",
    websiteDomain: "round-trip.example",
    businessType: "services",
  });
  return client.id as number;
}

describe("a GET's answer can be PUT back", () => {
  it("PUT /api/clients/{id}: the client as read, then with one field changed", async () => {
    const path = `/api/clients/${await newClient()}`;
    const before = await read(path);
    expect(await write("PUT", path, before)).toEqual(before);
    expect(await read(path)).toEqual(before);

    const changed = await write("PUT", path, { ...before, plan: "premium" });
    expect(changed).toEqual({ ...before, plan: "premium" });
    expect(await read(path)).toEqual({ ...before, plan: "premium" });
  });

  it("PUT /api/clients/{id}/training: the config as read (id, clientId and dates included), then with one field changed", async () => {
    const clientId = await newClient();
    const path = `/api/clients/${clientId}/training`;
    await write("POST", path, {
      businessType: "services",
      greeting: "שלום! במה אפשר לעזור?",
      knowledgeBase: { faq: [{ q: "מתי אתם פתוחים?", a: "א'-ה' 9:00-18:00" }], hours: "9-18" },
    });
    const before = await read(path);
    expect(before).toMatchObject({
      id: expect.any(Number),
      clientId,
      createdAt: expect.any(String),
      updatedAt: expect.any(String),
    });
    // Unchanged means unchanged: not even the update time moves.
    expect(await write("PUT", path, before)).toEqual(before);
    expect(await read(path)).toEqual(before);

    const knowledgeBase = { faq: [{ q: "Do you work on Fridays?", a: "Until 13:00." }] };
    const changed = await write("PUT", path, { ...before, knowledgeBase });
    expect(changed).toMatchObject({ ...before, knowledgeBase, updatedAt: expect.any(String) });
    expect(changed.updatedAt).not.toBe(before.updatedAt);
    expect(await read(path)).toEqual(changed);
  });

  it("GET /api/clients/{id}/ai-training (the read view) can be PUT to the training it views", async () => {
    const clientId = await newClient();
    await write("POST", `/api/clients/${clientId}/training`, {
      businessType: "retail",
      greeting: "Hi!",
      tone: "casual",
      businessInfo: "Shoes.",
    });
    const training = await read(`/api/clients/${clientId}/training`);
    const view = await read(`/api/clients/${clientId}/ai-training`);
    expect(view).toEqual({ greeting: "Hi!", tone: "casual", businessInfo: "Shoes." });

    await write("PUT", `/api/clients/${clientId}/training`, view);
    expect(await read(`/api/clients/${clientId}/training`)).toEqual(training);
    await write("PUT", `/api/clients/${clientId}/training`, { ...view, tone: "formal" });
    expect(await read(`/api/clients/${clientId}/ai-training`)).toEqual({ ...view, tone: "formal" });
  });

  it("PUT /api/admin/clients/{id}/sales-config: the config as read (clientId and knowledge base included), then with one field changed", async () => {
    const clientId = await newClient();
    const path = `/api/admin/clients/${clientId}/sales-config`;
    const defaults = await read(path);
    expect(await write("PUT", path, defaults)).toEqual(defaults);

    const knowledgeBase = [
      { topic: "שעות פתיחה", url: "https://round-trip.example/he", content: "ראשון עד חמישי 9:00-18:00" },
      { topic: "Parking", url: "", content: "Free parking behind the building." },
    ];
    await write("PUT", path, { ...defaults, businessName: "Round Trip", knowledgeBase });
    const before = await read(path);
    expect(before).toMatchObject({ clientId, businessName: "Round Trip", knowledgeBase });

    expect(await write("PUT", path, before)).toEqual(before);
    expect(await read(path)).toEqual(before);

    const changed = await write("PUT", path, { ...before, salesStyle: "hybrid" });
    expect(changed).toEqual({ ...before, salesStyle: "hybrid" });
    expect(await read(path)).toEqual(changed);
  });

  it("PUT /api/clients/{id}/lead-delivery: the settings as read (log and secret included), then in the other language", async () => {
    const path = `/api/clients/${await newClient()}/lead-delivery`;
    const before = await read(path);
    expect(before).toMatchObject({ webhookUrl: null, deliveries: [] });
    expect(await write("PUT", path, before)).toEqual(before);
    expect(await read(path)).toEqual(before);

    const language = before.language === "he" ? "en" : "he";
    expect(await write("PUT", path, { ...before, language })).toEqual({ ...before, language });
    expect(await read(path)).toEqual({ ...before, language });
  });

  it("sales-config: a clientId naming another client changes nothing of that client, and a knowledge base that is not one is refused", async () => {
    const [mine, other] = [await newClient(), await newClient()];
    const otherBefore = await read(`/api/admin/clients/${other}/sales-config`);
    const path = `/api/admin/clients/${mine}/sales-config`;
    await write("PUT", path, { clientId: other, pricing: "From 100 ₪" });
    expect(await read(path)).toMatchObject({ clientId: mine, pricing: "From 100 ₪" });
    expect(await read(`/api/admin/clients/${other}/sales-config`)).toEqual(otherBefore);

    for (const knowledgeBase of [
      "text",
      [{ topic: "", url: "", content: "x" }],
      [{ topic: "T", url: "javascript:alert(1)", content: "x" }],
      [{ topic: "T", url: "", content: "x", extra: 1 }],
    ]) {
      const response = await send("PUT", path, { knowledgeBase });
      expect(response.status, JSON.stringify(knowledgeBase)).toBe(400);
      const body = (await response.json()) as { error: string; fields: Record<string, string> };
      expect(
        Object.keys(body.fields).some((field) => field.startsWith("knowledgeBase")),
        JSON.stringify(body),
      ).toBe(true);
    }
    expect((await read(path)).knowledgeBase).toEqual([]);
  });
});
