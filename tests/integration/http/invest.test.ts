import { describe, expect, it } from "vitest";
import { parseCsv } from "../../support/csv.ts";
import { languageCookie, loginAsOperator, postForm, request, uniqueIp } from "../../support/http.ts";

const htmlTag = (html: string) => /<html[^>]*>/.exec(html)?.[0] ?? "";

const API = "/api/investment-inquiry";

type ErrorBody = { error: string; fields: Record<string, string> };

function postJson(body: unknown, init: { ip?: string; path?: string; headers?: Record<string, string> } = {}) {
  return request(init.path ?? API, {
    method: "POST",
    ip: init.ip,
    headers: { "Content-Type": "application/json", ...init.headers },
    body: typeof body === "string" ? body : JSON.stringify(body),
  });
}

const validInquiry = (overrides: Record<string, unknown> = {}) => ({
  name: "Dana Investor",
  email: "dana@example.com",
  phone: "+972 52-123-4567",
  company: "Dana Ventures",
  investmentAmount: "100k-250k",
  expertise: "advisory",
  message: "Please send the deck.",
  language: "en",
  ...overrides,
});

/** Every stored inquiry, newest first, as the operators' CSV export gives them. */
async function exportedInquiries(): Promise<string[][]> {
  const cookie = await loginAsOperator();
  const response = await request("/admin/leads/export/investment-inquiries", { headers: { Cookie: cookie } });
  expect(response.status).toBe(200);
  return parseCsv(new TextDecoder().decode(await response.arrayBuffer())).slice(1);
}

describe("the investor pages", () => {
  it("serves /invest-en in English, left to right, even to a visitor who chose Hebrew", async () => {
    const response = await request("/invest-en", { headers: { Cookie: await languageCookie("he") } });
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(htmlTag(html)).toContain('lang="en"');
    expect(htmlTag(html)).toContain('dir="ltr"');
    expect(html).toContain("$500K");
    // The public chat in English, never the operator's login.
    expect(html).toMatch(
      /<a[^>]*href="\/api\/wordpress\/chat-ui\?license=alex_[0-9a-f]{32}&amp;lang=en"[^>]*target="_blank"/,
    );
    expect(html).not.toContain('href="/admin');
    expect(html).toMatch(/<textarea[^>]*rows="4"/);
    expect(html).not.toContain('<script src="http');
  });

  it("serves /invest-he in Hebrew, right to left, even to a visitor who chose English, with the demo client's chat", async () => {
    const response = await request("/invest-he?lng=en");
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(htmlTag(html)).toContain('lang="he"');
    expect(htmlTag(html)).toContain('dir="rtl"');
    expect(html).toContain("1.8M");
    expect(html).toContain("180");
    expect(html).toMatch(
      /<a[^>]*href="\/api\/wordpress\/chat-ui\?license=alex_[0-9a-f]{32}&amp;lang=he"[^>]*target="_blank"/,
    );
    expect(html).toMatch(/<textarea[^>]*rows="6"/);
  });

  it("does not change the visitor's language choice for the rest of the site", async () => {
    const response = await request("/invest-en");
    expect(response.headers.getSetCookie().some((cookie) => cookie.startsWith("lng="))).toBe(false);
  });
});

describe("POST /api/investment-inquiry", () => {
  it("stores a valid inquiry and answers 201 with its id", async () => {
    const name = `API investor ${Date.now()}`;
    const response = await postJson(validInquiry({ name }));
    expect(response.status).toBe(201);
    const body = (await response.json()) as { id: unknown };
    expect(body).toEqual({ id: expect.any(Number) });

    const [newest] = await exportedInquiries();
    expect(newest).toEqual([
      expect.stringMatching(/^\d{4}-\d{2}-\d{2} \d{2}:\d{2}:\d{2}$/),
      name,
      "dana@example.com",
      "'+972 52-123-4567",
      "Dana Ventures",
      "100k-250k",
      "USD",
      "advisory",
      "Please send the deck.",
      "en",
    ]);
  });

  it("stores an identical inquiry sent twice within a minute once, and answers both with its id", async () => {
    const inquiry = validInquiry({ name: `Double click ${Date.now()}` });
    const [first, second] = await Promise.all([
      postJson(inquiry, { ip: uniqueIp() }),
      postJson(inquiry, { ip: uniqueIp() }),
    ]);
    expect([first.status, second.status]).toEqual([201, 201]);
    const [firstBody, secondBody] = [(await first.json()) as { id: number }, (await second.json()) as { id: number }];
    expect(secondBody.id).toBe(firstBody.id);
    const third = await postJson(inquiry);
    expect(((await third.json()) as { id: number }).id).toBe(firstBody.id);
    expect((await exportedInquiries()).filter((row) => row[1] === inquiry.name)).toHaveLength(1);

    // Any field that differs makes it another inquiry.
    const changed = await postJson({ ...inquiry, message: "And the financials, please." });
    expect(((await changed.json()) as { id: number }).id).not.toBe(firstBody.id);
    expect((await exportedInquiries()).filter((row) => row[1] === inquiry.name)).toHaveLength(2);
  });

  it("stores a Hebrew inquiry with only the required fields, in shekels", async () => {
    const name = `משקיעה ${Date.now()}`;
    const response = await postJson({ name, email: "hebrew@example.co.il", investmentAmount: "900k-1.8m" });
    expect(response.status).toBe(201);
    const [newest] = await exportedInquiries();
    expect(newest?.slice(1)).toEqual([name, "hebrew@example.co.il", "", "", "900k-1.8m", "ILS", "", "", "he"]);
  });

  it.each([
    ["name", { name: undefined }, "Please enter your name."],
    ["name", { name: "   " }, "Please enter your name."],
    ["email", { email: undefined }, "Please enter your email address."],
    ["email", { email: "not-an-address" }, "Please enter a valid email address."],
    ["investmentAmount", { investmentAmount: undefined }, "Please choose an investment range."],
    ["investmentAmount", { investmentAmount: "180k-360k" }, "Please choose one of the listed investment ranges."],
    ["expertise", { expertise: "astrology" }, "Please choose one of the listed areas."],
    ["phone", { phone: "call me" }, "Please enter a phone number using digits, spaces, dashes or a leading +."],
    ["name", { name: 42 }, "Please enter your name."],
    ["message", { message: ["x"] }, "This value is not valid."],
  ])("answers 400 naming %s for %j", async (field, overrides, message) => {
    const response = await postJson(validInquiry(overrides));
    expect(response.status).toBe(400);
    const body = (await response.json()) as ErrorBody;
    expect(body.error).toBe("Some details are missing or not valid. Please check the highlighted fields.");
    expect(body.fields).toEqual({ [field]: message });
  });

  it("refuses every field over its length limit", async () => {
    const response = await postJson(
      validInquiry({
        name: "n".repeat(101),
        email: `${"e".repeat(250)}@example.com`,
        phone: "1".repeat(31),
        company: "c".repeat(151),
        message: "m".repeat(4001),
      }),
    );
    expect(response.status).toBe(400);
    const { fields } = (await response.json()) as ErrorBody;
    for (const field of ["name", "email", "phone", "company", "message"])
      expect(fields[field]).toBe("This is too long.");
  });

  it("answers in Hebrew unless the body or the request says English", async () => {
    const hebrew = (await (await postJson({})).json()) as ErrorBody;
    expect(hebrew.error).toBe("חלק מהפרטים חסרים או שגויים. נא לבדוק את השדות המסומנים.");
    expect(hebrew.fields).toEqual({
      name: "נא להזין שם.",
      email: "נא להזין כתובת אימייל.",
      investmentAmount: "נא לבחור היקף השקעה.",
    });
    const byQuery = (await (await postJson({}, { path: `${API}?lng=en` })).json()) as ErrorBody;
    expect(byQuery.fields.name).toBe("Please enter your name.");
    const byBody = (await (await postJson({ language: "en" })).json()) as ErrorBody;
    expect(byBody.fields.name).toBe("Please enter your name.");
  });

  it.each([
    ["100k-250k", "USD", "en"],
    ["50k-100k", "USD", "en"],
    ["250k-500k", "USD", "en"],
    ["500k-1m", "USD", "en"],
    ["1m+", "USD", "en"],
    ["180k-360k", "ILS", "he"],
    ["360k-900k", "ILS", "he"],
    ["900k-1.8m", "ILS", "he"],
    ["1.8m-3.6m", "ILS", "he"],
    ["3.6m+", "ILS", "he"],
  ])(
    "takes the plain payload without `language`: %s is stored in %s with language %s, whatever the request says",
    async (range, currency, language) => {
      const name = `Range investor ${range} ${Date.now()}`;
      const payload = {
        name,
        email: "ranges@example.com",
        phone: "+972 52-123-4567",
        company: "Ranges Ltd",
        investmentAmount: range,
        expertise: "tech",
        message: "Hello",
      };
      const hebrewRequest = { headers: { Cookie: await languageCookie("he") } };
      const response = await postJson(payload, language === "en" ? hebrewRequest : { path: `${API}?lng=en` });
      expect(response.status).toBe(201);
      const [newest] = await exportedInquiries();
      expect(newest?.slice(1)).toEqual([
        name,
        "ranges@example.com",
        "'+972 52-123-4567",
        "Ranges Ltd",
        range,
        currency,
        "tech",
        "Hello",
        language,
      ]);
    },
  );

  it.each([
    ["malformed JSON", "{name: 'x'", "application/json"],
    ["a JSON array", "[]", "application/json"],
    ["JSON null", "null", "application/json"],
    ["invalid UTF-8", new Uint8Array([0x7b, 0x22, 0xff, 0x22, 0x7d]), "application/json"],
  ])("answers 400 for %s", async (_, body, contentType) => {
    const response = await request(`${API}?lng=en`, { method: "POST", headers: { "Content-Type": contentType }, body });
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: "Send the inquiry as a JSON object." });
  });

  it.each([
    ["text/plain"],
    ["application/x-www-form-urlencoded"],
    ["multipart/form-data; boundary=x"],
    ["application/jsonp"],
  ])("answers 415 for the content type %s", async (contentType) => {
    const response = await request(`${API}?lng=en`, {
      method: "POST",
      headers: { "Content-Type": contentType },
      body: JSON.stringify(validInquiry()),
    });
    expect(response.status).toBe(415);
    expect(await response.json()).toEqual({ error: "Send the inquiry with the Content-Type application/json." });
  });

  it("answers 413 for a body larger than any inquiry, without reading it all", async () => {
    const response = await postJson(validInquiry({ message: "m".repeat(40_000) }), { path: `${API}?lng=en` });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "The inquiry is too large." });
  });

  it("leaves a body past every API's cap to the front door: 413 before the route runs", async () => {
    const response = await postJson(validInquiry({ message: "m".repeat(100_000) }), { path: `${API}?lng=en` });
    expect(response.status).toBe(413);
    expect(await response.json()).toEqual({ error: "The request is too large." });
  });

  it("answers 405 to anything but POST", async () => {
    const response = await request(`${API}?lng=en`);
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
    expect(((await response.json()) as ErrorBody).error).toBe("Send the inquiry with POST.");
  });

  it("limits one address to 10 attempts an hour, page and API together, with Retry-After", async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 9; attempt++) expect((await postJson({}, { ip })).status).toBe(400);
    expect((await postForm("/invest-en", {}, { ip })).status).toBe(400);
    const limited = await postJson(validInquiry(), { ip, path: `${API}?lng=en` });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(await limited.json()).toEqual({
      error: "Too many inquiries from your connection. Please wait a little and try again.",
    });
    const page = await postForm("/invest-he", { name: "x", email: "x@example.com", investmentAmount: "3.6m+" }, { ip });
    expect(page.status).toBe(429);
    expect(page.headers.get("Retry-After")).toBeTruthy();
    expect(await page.text()).toContain("נשלחו יותר מדי פניות מהחיבור שלכם.");
    expect((await postJson(validInquiry())).status).toBe(201);
  });
});

describe("the investor form without JavaScript", () => {
  it("stores a good inquiry and redirects back to the form with a confirmation", async () => {
    const name = `Form investor ${Date.now()}`;
    const response = await postForm("/invest-en", {
      name,
      email: "form@example.com",
      investmentAmount: "1m+",
      expertise: "tech",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/invest-en?inquiry=sent#investment-form");
    const confirmation = await request("/invest-en?inquiry=sent");
    expect(await confirmation.text()).toContain("Investment inquiry submitted successfully! We will contact you soon.");
    const [newest] = await exportedInquiries();
    expect(newest?.slice(1, 9)).toEqual([name, "form@example.com", "", "", "1m+", "USD", "tech", ""]);
  });

  it("answers bad input with 400, messages per field in the page's language, and the values kept", async () => {
    const response = await postForm("/invest-he", {
      name: "ישראל ישראלי",
      email: "israel@localhost",
      investmentAmount: "50k-100k",
      message: "שלום <b>",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    expect(htmlTag(html)).toContain('dir="rtl"');
    expect(html).toContain("נא להזין כתובת אימייל תקינה.");
    expect(html).toContain("נא לבחור אחד מטווחי ההשקעה שברשימה.");
    expect(html).toContain('value="ישראל ישראלי"');
    expect(html).toContain('value="israel@localhost"');
    expect(html).toContain("שלום &lt;b&gt;</textarea>");
  });

  it("answers a body that is not a form with 415 and a message in the page's language, not an error page", async () => {
    const response = await request("/invest-en", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: "{",
    });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("This page accepts only its own form.");
  });
});
