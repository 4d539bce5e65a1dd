import { randomUUID } from "node:crypto";
import { describe, expect, it } from "vitest";
import { loginAsOperator, postForm, request } from "../../support/http.ts";

const NUL = "\u0000";

async function demoLicense(): Promise<string> {
  const page = await (await request("/minimal-chat-demo")).text();
  const license = /alex_[0-9a-f]{32}/.exec(page)?.[0];
  if (!license) throw new Error("The demo page carries no license.");
  return license;
}

const postJson = (path: string, body: unknown) =>
  request(path, { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) });

describe("a NUL byte in a text field", () => {
  it.each([
    [
      "/contact",
      {
        fullName: `Dana${NUL} Cohen`,
        phone: `050-123${NUL}4567`,
        email: `dana.${Date.now()}@example.com`,
        marketingConsent: "on",
      },
    ],
    ["/newsletter", { email: `news${NUL}.${Date.now()}@example.com` }],
    ["/test-plugin-preview", { phone: `050${NUL}1234567`, fullName: `Dana${NUL}` }],
    ["/login", { username: `operator${NUL}`, password: `x${NUL}` }],
  ])("in a form to %s is cleaned or refused, never a 500", async (path, fields) => {
    const response = await postForm(path, fields);
    expect(response.status).toBeLessThan(500);
  });

  it("in the investor inquiry's JSON is cleaned before it is stored", async () => {
    const response = await postJson("/api/investment-inquiry", {
      language: "en",
      name: `Dana${NUL}`,
      email: `dana${NUL}@example.com`,
      investmentAmount: "50k-100k",
      message: `one${NUL}\nline two`,
    });
    expect(response.status).toBeLessThan(500);
  });

  it("in the message API, the feedback, the rating and the history is a 4xx or a success, never a 500", async () => {
    const license = await demoLicense();
    const message = await postJson("/api/wordpress/messages", {
      license,
      clientMessageId: randomUUID(),
      message: `hi${NUL}`,
    });
    expect(message.status).toBe(200);
    expect(
      (
        await postJson("/api/wordpress/messages", {
          license: `${license}${NUL}`,
          clientMessageId: randomUUID(),
          message: "hi",
        })
      ).status,
    ).toBe(200);
    expect(
      (await postJson("/api/wordpress/feedback", { license: `x${NUL}`, sessionId: `y${NUL}`, helpful: true })).status,
    ).toBe(404);
    expect((await request(`/api/wordpress/history?license=${license}%00&sessionId=%00x`)).status).toBe(400);
    expect(
      (await postJson("/api/wordpress/rating", { license, sessionId: `y${NUL}`, rating: 2, comment: `bad${NUL}` }))
        .status,
    ).toBe(404);
    expect((await postJson("/api/wordpress/rating", { license, sessionId: "x", rating: "5; drop" })).status).toBe(400);
  });
});

describe("private pages", () => {
  it.each([
    "/admin/dashboard",
    "/admin/dashboard.data",
    "/admin/leads",
    "/admin/plugin",
    "/admin/no-such-page",
    "/api/stats",
  ])("%s is private, no-store", async (path) => {
    const cookie = await loginAsOperator();
    const response = await request(path, { headers: { Cookie: cookie } });
    expect(response.status).toBeLessThan(500);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
  });

  it("the operator API's refusal is private too", async () => {
    expect((await request("/api/stats")).headers.get("Cache-Control")).toBe("private, no-store");
  });
});

describe("HSTS", () => {
  it("is sent when the request came over https through the trusted proxy, and not over plain http", async () => {
    const secure = await request("/", { headers: { "X-Forwarded-Proto": "https" } });
    expect(secure.headers.get("Strict-Transport-Security")).toMatch(/^max-age=\d{7,}/);
    expect((await request("/")).headers.get("Strict-Transport-Security")).toBeNull();
  });
});
