import { ElementType, parseDocument } from "htmlparser2";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { openDatabase } from "#db/connection.ts";
import { contactLeads, newsletterSubscribers } from "#db/schema.ts";
import { decodeToast, languageCookie, postForm, request, uniqueIp } from "../../support/http.ts";
import { startServer, type RunningServer } from "../../support/server.ts";

const dollars = (amount: number, locale: "he-IL" | "en-US") =>
  new Intl.NumberFormat(locale, { style: "currency", currency: "USD", maximumFractionDigits: 0 })
    .format(amount)
    .replace(/\s/g, " ");

/**
 * The text a visitor without JavaScript sees: tags, scripts, styles, `hidden` elements and closed
 * dialogs left out, so assertions read like the page.
 */
type Node = ReturnType<typeof parseDocument>["children"][number];

function visibleText(html: string) {
  const parts: string[] = [];
  const walk = (nodes: Node[]) => {
    for (const node of nodes) {
      if (node.type === ElementType.Text) parts.push(node.data);
      if (node.type !== ElementType.Tag) continue;
      if ("hidden" in node.attribs || (node.name === "dialog" && !("open" in node.attribs))) continue;
      walk(node.children);
    }
  };
  walk(parseDocument(html).children);
  return parts.join(" ").replace(/\s+/g, " ");
}

const GOOD_CONTACT = {
  fullName: "Dana Cohen",
  phone: "050-123-4567",
  email: "dana@example.com",
  marketingConsent: "on",
};
let addressCounter = 0;
const freshAddress = (prefix = "reader") => `${prefix}.${process.pid}.${Date.now()}.${++addressCounter}@example.com`;

describe("the landing page", () => {
  it("has every section in order, hero to newsletter, in Hebrew by default", async () => {
    const response = await request("/");
    expect(response.status).toBe(200);
    const html = await response.text();
    const order = [
      'id="hero-title"',
      'id="trusted-title"',
      'id="features"',
      'id="cta-title"',
      'id="testimonials-title"',
      'id="pricing"',
      'id="calculator"',
      'id="contact"',
      'id="newsletter"',
    ];
    const positions = order.map((marker) => html.indexOf(marker));
    expect(positions.every((position) => position > 0)).toBe(true);
    expect([...positions].sort((a, b) => a - b)).toEqual(positions);
    const text = visibleText(html);
    for (const claim of ["150+", "50K+", "99%", "24/7", "98%", "4.9/5"]) expect(text).toContain(claim);
    expect(html).toContain('href="/invest-he"');
    expect(html).toContain('href="/invest-en"');
  });

  it("shows ten of the fifteen sample companies", async () => {
    const text = visibleText(await (await request("/?lng=en")).text());
    expect(text).toContain("Galilee Falafel");
    expect(text).toContain("Sunshine Events");
    expect(text).not.toContain("Express Garage");
  });

  it("quotes the price list: $50 a month, $1 an item, free installation, VAT excluded", async () => {
    const text = visibleText(await (await request("/?lng=en")).text());
    expect(text).toContain(`${dollars(50, "en-US")} per month`);
    expect(text).toContain(`${dollars(1, "en-US")} per conversation, article and solution`);
    expect(text).toContain(`Installation: Free instead of ${dollars(200, "en-US")}`);
    expect(text).toContain(`100 conversations a month = ${dollars(150, "en-US")}`);
    expect(text).toContain("Prices exclude VAT.");
  });
});

describe("the landing page's rendered-once HTML", () => {
  const nonceOf = (response: Response) =>
    /'nonce-([^']+)'/.exec(response.headers.get("Content-Security-Policy") ?? "")?.[1];

  it("gives every response its own nonce, on every inline script, and otherwise the same page", async () => {
    const [first, second] = [await request("/"), await request("/")];
    const [firstHtml, secondHtml] = [await first.text(), await second.text()];
    const [firstNonce, secondNonce] = [nonceOf(first), nonceOf(second)];
    expect(firstNonce).toBeTruthy();
    expect(secondNonce).not.toBe(firstNonce);
    for (const [html, nonce] of [
      [firstHtml, firstNonce],
      [secondHtml, secondNonce],
    ] as const) {
      const inlineScripts = html.match(/<script(?![^>]*\bsrc=)[^>]*>/g) ?? [];
      expect(inlineScripts.length).toBeGreaterThan(0);
      for (const script of inlineScripts) expect(script).toContain(`nonce="${nonce}"`);
    }
    expect(secondHtml.split(secondNonce!).join("NONCE")).toBe(firstHtml.split(firstNonce!).join("NONCE"));
  });

  it("keeps each language apart", async () => {
    const cookie = await languageCookie("en");
    const english = visibleText(await (await request("/", { headers: { Cookie: cookie } })).text());
    const hebrew = visibleText(await (await request("/")).text());
    expect(english).toContain("Ready to start?");
    expect(hebrew).toContain("מוכנים להתחיל?");
  });

  it("renders afresh for a visitor with a toast waiting", async () => {
    const subscribed = await postForm("/newsletter.data", { email: freshAddress("toast") });
    const toast = subscribed.headers
      .getSetCookie()
      .find((cookie) => cookie.startsWith("alex_toast="))!
      .split(";")[0]!;
    const page = await request("/", { headers: { Cookie: toast } });
    expect(await page.text()).toContain("נרשמת בהצלחה לניוזלטר. תודה!");
    expect(page.headers.getSetCookie().some((cookie) => cookie.startsWith("alex_toast="))).toBe(true);
  });
});

describe("the cost calculator without JavaScript (GET /)", () => {
  it("starts at the pricing card's example: 100 conversations, $150", async () => {
    const text = visibleText(await (await request("/?lng=en")).text());
    expect(text).toContain(`Total per month ${dollars(150, "en-US")}`);
  });

  it("answers the submitted quantities with their total, in either language", async () => {
    const english = await request("/?lng=en&conversations=120&articles=7&solutions=3");
    expect(english.status).toBe(200);
    const html = await english.text();
    expect(visibleText(html)).toContain(`Total per month ${dollars(180, "en-US")}`);
    for (const value of ['value="120"', 'value="7"', 'value="3"']) expect(html).toContain(value);

    const hebrew = visibleText(await (await request("/?conversations=0&articles=0&solutions=0")).text());
    expect(hebrew).toContain(`סה״כ לחודש ${dollars(50, "he-IL")}`);
  });

  it("treats a missing quantity as none", async () => {
    const text = visibleText(await (await request("/?lng=en&articles=2")).text());
    expect(text).toContain(`Total per month ${dollars(52, "en-US")}`);
  });

  it("reports wrong or huge numbers per field, keeps them, and shows no total", async () => {
    const huge = "9".repeat(4000);
    const response = await request(`/?lng=en&conversations=-4&articles=${huge}&solutions=abc`);
    expect(response.status).toBe(200);
    const html = await response.text();
    const text = visibleText(html);
    expect(text.match(/Enter a whole number, 0 or more\./g)).toHaveLength(2);
    expect(text.match(/The largest number allowed is 1,000,000\./g)).toHaveLength(1);
    expect(text).toContain("Correct the marked fields to see the price.");
    expect(text).not.toContain("Total per month");
    expect(html).toContain('value="-4"');
    expect(html).toContain('value="abc"');
    expect(html.match(/aria-invalid="true"/g)).toHaveLength(3);
  });

  it("reports them in Hebrew on the Hebrew page", async () => {
    const text = visibleText(await (await request("/?conversations=1.5")).text());
    expect(text).toContain("יש להזין מספר שלם מ-0 ומעלה.");
  });
});

describe("POST /contact", () => {
  it("accepts a good form without JavaScript and sends the visitor back to the section with a confirmation", async () => {
    const response = await postForm("/contact", GOOD_CONTACT);
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/?contact=sent#contact");
    const page = visibleText(await (await request("/?contact=sent")).text());
    expect(page).toContain("תודה! קיבלנו את הפרטים ונחזור אליכם בקרוב.");
  });

  it("stays on the page for a fetcher's post and confirms with a toast", async () => {
    const response = await postForm("/contact.data", GOOD_CONTACT);
    expect(response.status).toBe(200);
    const toast = response.headers.getSetCookie().find((cookie) => cookie.startsWith("alex_toast="));
    expect(toast).toBeTruthy();
    const body = await response.text();
    expect(body).toContain("initialValue");
    expect(body).not.toContain("Dana Cohen");
  });

  it("answers bad input with 400, messages per field in Hebrew, and the values kept", async () => {
    const response = await postForm("/contact", {
      fullName: "",
      phone: "call me",
      email: "dana@",
      marketingConsent: "on",
    });
    expect(response.status).toBe(400);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("יש להזין שם מלא.");
    expect(text).toContain("יש להזין מספר טלפון תקין");
    expect(text).toContain("יש להזין כתובת דוא״ל תקינה.");
    expect(html).toContain('value="call me"');
    expect(html).toContain('value="dana@"');
    expect(html).toMatch(/<input[^>]*name="marketingConsent"[^>]*checked/);
  });

  it("answers bad input in English on the English page", async () => {
    const response = await postForm(
      "/contact",
      { fullName: "D", phone: "", email: "not-an-address" },
      { headers: { Cookie: await languageCookie("en") } },
    );
    expect(response.status).toBe(400);
    const html = await response.text();
    const text = visibleText(html);
    expect(text).toContain("Enter your full name.");
    expect(text).toContain("Enter a phone number.");
    expect(text).toContain("Enter a valid email address.");
    expect(html).toContain('value="not-an-address"');
  });

  it("answers a body that is not a form with 415 and a message, never 500", async () => {
    const response = await request("/contact", {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify(GOOD_CONTACT),
    });
    expect(response.status).toBe(415);
    expect(await response.text()).toContain("הדף הזה מקבל רק את הטופס שלו.");
  });

  it("quietly accepts a post whose honeypot is filled", async () => {
    const response = await postForm("/contact", { ...GOOD_CONTACT, website: "http://spam.example" });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/?contact=sent#contact");
  });

  it("limits each address to 5 accepted forms in 10 minutes, with Retry-After and a translated message", async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await postForm("/contact", GOOD_CONTACT, { ip })).status).toBe(302);
    }
    const refused = await postForm("/contact", GOOD_CONTACT, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(visibleText(await refused.text())).toContain("נשלחו יותר מדי טפסים מהכתובת הזאת.");

    const english = await postForm("/contact", GOOD_CONTACT, { ip, headers: { Cookie: await languageCookie("en") } });
    expect(english.status).toBe(429);
    expect(visibleText(await english.text())).toContain("Too many forms were sent from this address.");

    expect((await postForm("/contact", GOOD_CONTACT)).status).toBe(302);
  });

  it("does not count rejected forms against the limit", async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 6; attempt++) {
      expect((await postForm("/contact", { ...GOOD_CONTACT, email: "wrong" }, { ip })).status).toBe(400);
    }
    expect((await postForm("/contact", GOOD_CONTACT, { ip })).status).toBe(302);
  });

  it("renders the landing page for a plain GET", async () => {
    const response = await request("/contact");
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('id="contact"');
  });
});

describe("POST /newsletter", () => {
  it("subscribes an address once, whatever its case, and says so kindly the second time", async () => {
    const email = freshAddress("Case.Reader");
    const first = await postForm("/newsletter", { email });
    expect(first.status).toBe(302);
    expect(first.headers.get("Location")).toBe("/?newsletter=subscribed#newsletter");

    const again = await postForm("/newsletter", { email: ` ${email.toUpperCase()} ` });
    expect(again.status).toBe(302);
    expect(again.headers.get("Location")).toBe("/?newsletter=already#newsletter");

    const confirmation = visibleText(await (await request("/?newsletter=already")).text());
    expect(confirmation).toContain("הכתובת הזאת כבר רשומה לניוזלטר.");
  });

  it("answers a fetcher's post with a toast: success the first time, information the second", async () => {
    const email = freshAddress();
    const first = await postForm("/newsletter.data", { email });
    expect(first.status).toBe(200);
    const firstToast = first.headers.getSetCookie().find((cookie) => cookie.startsWith("alex_toast="));
    expect(decodeToast(firstToast)).toMatchObject({ type: "success", message: "נרשמת בהצלחה לניוזלטר. תודה!" });

    const second = await postForm("/newsletter.data", { email }, { headers: { Cookie: await languageCookie("en") } });
    expect(second.status).toBe(200);
    const secondToast = second.headers.getSetCookie().find((cookie) => cookie.startsWith("alex_toast="));
    expect(decodeToast(secondToast)).toMatchObject({
      type: "info",
      message: "This address is already subscribed to the newsletter. No need to sign up again.",
    });
  });

  it("answers a bad address with 400, the message in the page's language and the value kept", async () => {
    const hebrew = await postForm("/newsletter", { email: "reader@@example" });
    expect(hebrew.status).toBe(400);
    const html = await hebrew.text();
    expect(visibleText(html)).toContain("יש להזין כתובת דוא״ל תקינה.");
    expect(html).toContain('value="reader@@example"');

    const english = await postForm("/newsletter", { email: "" }, { headers: { Cookie: await languageCookie("en") } });
    expect(english.status).toBe(400);
    expect(visibleText(await english.text())).toContain("Enter an email address.");
  });

  it("stores nothing for a filled honeypot, though it answers as if it did", async () => {
    const email = freshAddress("bot");
    const trapped = await postForm("/newsletter", { email, website: "spam" });
    expect(trapped.headers.get("Location")).toBe("/?newsletter=subscribed#newsletter");
    const real = await postForm("/newsletter", { email });
    expect(real.headers.get("Location")).toBe("/?newsletter=subscribed#newsletter");
  });

  it("limits each address to 5 sign-ups in 10 minutes and stores nothing past it", async () => {
    const ip = uniqueIp();
    for (let attempt = 0; attempt < 5; attempt++) {
      expect((await postForm("/newsletter", { email: freshAddress() }, { ip })).status).toBe(302);
    }
    const email = freshAddress("late");
    const refused = await postForm("/newsletter", { email }, { ip, headers: { Cookie: await languageCookie("en") } });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    const html = await refused.text();
    expect(visibleText(html)).toContain("Too many forms were sent from this address.");
    expect(html).toContain(`value="${email}"`);

    const later = await postForm("/newsletter", { email });
    expect(later.headers.get("Location")).toBe("/?newsletter=subscribed#newsletter");
  });
});

/**
 * What reached the database: a server of its own, stopped before its embedded database is read
 * (the embedded database allows one process at a time).
 */
describe("what the forms store", () => {
  let server: RunningServer;
  const post = (path: string, fields: Record<string, string>, init: RequestInit = {}) =>
    fetch(new URL(path, server.url), {
      ...init,
      method: "POST",
      body: new URLSearchParams(fields),
      redirect: "manual",
      headers: { "X-Forwarded-For": uniqueIp(), ...(init.headers as Record<string, string>) },
    });
  let leads: (typeof contactLeads.$inferSelect)[] = [];
  let subscribers: (typeof newsletterSubscribers.$inferSelect)[] = [];

  beforeAll(async () => {
    server = await startServer();
    const english = { headers: { Cookie: await languageCookie("en") } };
    expect(
      (await post("/contact", { fullName: "  Noa Levi ", phone: "+972 50 123 4567", email: "noa@example.com" })).status,
    ).toBe(302);
    expect((await post("/contact.data", { ...GOOD_CONTACT, fullName: "Tom Green" }, english)).status).toBe(200);
    expect((await post("/contact", { ...GOOD_CONTACT, email: "broken" })).status).toBe(400);
    expect((await post("/contact", { ...GOOD_CONTACT, fullName: "Spam Bot", website: "x" })).status).toBe(302);
    expect((await post("/newsletter", { email: "Mixed.Case@Example.com" })).status).toBe(302);
    expect((await post("/newsletter", { email: "mixed.case@example.COM" }, english)).status).toBe(302);
    expect((await post("/newsletter", { email: "second@example.com" }, english)).status).toBe(302);
    expect((await post("/newsletter", { email: "bad@" })).status).toBe(400);

    const exited = new Promise((resolve) => server.process.once("exit", resolve));
    server.process.kill("SIGTERM");
    await exited;
    const handle = await openDatabase({ dataDir: server.dataDir, migrate: false });
    leads = await handle.db.select().from(contactLeads).orderBy(contactLeads.id);
    subscribers = await handle.db.select().from(newsletterSubscribers).orderBy(newsletterSubscribers.id);
    await handle.close();
  }, 120_000);

  afterAll(async () => {
    await server?.stop();
  });

  it("keeps each accepted contact form, trimmed, with its consent and the page's language", () => {
    const mine = leads.filter(
      (lead) => ["Noa Levi", "Tom Green", "Spam Bot"].includes(lead.fullName) || lead.email === "broken",
    );
    expect(
      mine.map(({ fullName, phone, email, marketingConsent, language }) => ({
        fullName,
        phone,
        email,
        marketingConsent,
        language,
      })),
    ).toEqual([
      {
        fullName: "Noa Levi",
        phone: "+972 50 123 4567",
        email: "noa@example.com",
        marketingConsent: false,
        language: "he",
      },
      {
        fullName: "Tom Green",
        phone: GOOD_CONTACT.phone,
        email: GOOD_CONTACT.email,
        marketingConsent: true,
        language: "en",
      },
    ]);
  });

  it("keeps one row per newsletter address, whatever its case, and none for a bad one", () => {
    const mine = subscribers.filter((row) => /mixed\.case|second|bad@/i.test(row.email));
    expect(mine.map(({ email, language }) => ({ email, language }))).toEqual([
      { email: "Mixed.Case@Example.com", language: "he" },
      { email: "second@example.com", language: "en" },
    ]);
  });
});
