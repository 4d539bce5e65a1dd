import type { Page } from "@playwright/test";
import {
  DESKTOP,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  htmlDirection,
  PHONE,
  test,
} from "./fixtures.ts";

const NARROW = { width: 360, height: 740 };

const PAGES = {
  en: {
    path: "/invest-en",
    dir: "ltr",
    heading: "An AI employee for every small business",
    ask: "$500K",
    amounts: ["50k-100k", "100k-250k", "250k-500k", "500k-1m", "1m+"],
    rows: "4",
    labels: {
      name: "Full name",
      email: "Email",
      phone: "Phone",
      company: "Company or fund",
      amount: "Investment range",
      expertise: "How can you help beyond capital?",
      message: "Message",
    },
    submit: "Send inquiry",
    success: "Investment inquiry submitted successfully! We will contact you soon.",
    rateLimited: "Too many inquiries from your connection. Please wait a little and try again.",
    badEmail: "Please enter a valid email address.",
    chat: "Ask Alex about the investment",
    chatWindow: { log: "Conversation", input: "Your message", greeting: "Hello! How can I help you today?" },
    back: "Back to home",
    expertise: "marketing",
  },
  he: {
    path: "/invest-he",
    dir: "rtl",
    heading: "עובד AI לכל עסק קטן",
    ask: "1.8M",
    amounts: ["180k-360k", "360k-900k", "900k-1.8m", "1.8m-3.6m", "3.6m+"],
    rows: "6",
    labels: {
      name: "שם מלא",
      email: "אימייל",
      phone: "טלפון",
      company: "חברה או קרן",
      amount: "היקף השקעה",
      expertise: "במה תוכלו לעזור מעבר להון?",
      message: "הודעה",
    },
    submit: "שליחת הפנייה",
    success: "פניית ההשקעה נשלחה בהצלחה! ניצור איתכם קשר בקרוב.",
    rateLimited: "נשלחו יותר מדי פניות מהחיבור שלכם. המתינו מעט ונסו שוב.",
    badEmail: "נא להזין כתובת אימייל תקינה.",
    chat: "שאלו את אלכס על ההשקעה",
    chatWindow: {
      log: "השיחה",
      input: "ההודעה שלך",
      greeting: "שלום! אני Alex, העוזר הדיגיטלי שעונה ללקוחות שלכם 24/7.",
    },
    back: "חזרה לדף הבית",
    expertise: "tech",
  },
} as const;

type PageSpec = (typeof PAGES)[keyof typeof PAGES];

let ipCounter = 0;
/** Each test its own client address, so the inquiry rate limit of one never touches another. */
const ownAddress = () => ({ "X-Forwarded-For": `203.0.113.${(++ipCounter % 250) + 1}` });

function form(page: Page) {
  return page.locator("form#investment-inquiry");
}

async function fillInquiry(page: Page, spec: PageSpec, values: { name: string; email: string }) {
  const inquiry = form(page);
  await inquiry.getByLabel(spec.labels.name).fill(values.name);
  await inquiry.getByLabel(spec.labels.email).fill(values.email);
  await inquiry.getByLabel(spec.labels.phone).fill("052-1234567");
  await inquiry.getByLabel(spec.labels.company).fill("Test Capital");
  await inquiry.getByLabel(spec.labels.amount).selectOption(spec.amounts[1]);
  await inquiry.getByLabel(spec.labels.expertise).selectOption(spec.expertise);
  await inquiry.getByLabel(spec.labels.message).fill("Looking forward to the deck.");
}

for (const [language, spec] of Object.entries(PAGES) as [keyof typeof PAGES, PageSpec][]) {
  test.describe(`investor page ${spec.path}`, () => {
    test.use({ extraHTTPHeaders: ownAddress() });

    test("is written in its own language whatever the visitor chose elsewhere", async ({ page }) => {
      await page.goto(`/?lng=${language === "en" ? "he" : "en"}`);
      await page.goto(spec.path);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      expect(await htmlDirection(page)).toBe(spec.dir);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(spec.heading);
      await expect(page.getByText(spec.ask, { exact: false }).first()).toBeVisible();
    });

    test("has every part of the pitch, charts described for screen readers, and the back link", async ({ page }) => {
      await page.goto(spec.path);
      await expect(page.getByRole("heading", { level: 2 })).toHaveCount(13);
      const charts = page.getByRole("img");
      await expect(charts).toHaveCount(2);
      for (const chart of await charts.all()) await expect(chart).toHaveAccessibleDescription(/\d/);
      await expect(page.getByRole("table")).toBeVisible();
      await expect(page.getByRole("link", { name: spec.back }).first()).toHaveAttribute("href", "/");
      const external = page.locator('a[rel~="external"]');
      expect(await external.count()).toBeGreaterThanOrEqual(3);
      for (const link of await external.all()) {
        await expect(link).toHaveAttribute("target", "_blank");
        await expect(link).toHaveAttribute("href", /^https:\/\//);
      }
    });

    test("lists the page's investment ranges and expertise options, with a message box of the right size", async ({
      page,
    }) => {
      await page.goto(spec.path);
      const amounts = form(page).getByLabel(spec.labels.amount).locator("option");
      expect(
        await amounts.evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
      ).toEqual(["", ...spec.amounts]);
      const expertise = form(page).getByLabel(spec.labels.expertise).locator("option");
      expect(
        await expertise.evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value)),
      ).toEqual(["", "funding", "marketing", "tech", "business", "advisory", "partnerships", "operations"]);
      await expect(form(page).getByLabel(spec.labels.message)).toHaveAttribute("rows", spec.rows);
    });

    test("the chat button opens the public chat in a new tab, in the page's language", async ({ page }) => {
      await page.goto(spec.path);
      const buttons = page.getByRole("link", { name: spec.chat });
      await expect(buttons).toHaveCount(2);
      for (const button of await buttons.all()) {
        await expect(button).toHaveAttribute("target", "_blank");
        await expect(button).toHaveAttribute("rel", /\bnoopener\b/);
        await expect(button).toHaveAttribute(
          "href",
          new RegExp(`^/api/wordpress/chat-ui\\?license=alex_[0-9a-f]{32}&lang=${language}$`),
        );
      }
      const [chat] = await Promise.all([page.context().waitForEvent("page"), buttons.first().click()]);
      await expect(chat.getByRole("log", { name: spec.chatWindow.log })).toContainText(spec.chatWindow.greeting);
      await expect(chat.getByRole("textbox", { name: spec.chatWindow.input })).toBeVisible();
      await chat.close();
    });

    test("with JavaScript: posts to the page, which confirms with the form empty", async ({ page }) => {
      await gotoHydrated(page, spec.path);
      const posted: (string | null)[] = [];
      page.on("request", (request) => {
        if (request.method() === "POST") posted.push(request.postData());
      });

      await fillInquiry(page, spec, { name: `JS investor ${language}`, email: "js.investor@example.com" });
      await form(page).getByRole("button", { name: spec.submit }).click();
      await expect(page).toHaveURL(`${spec.path}?inquiry=sent#investment-form`);
      await expect(form(page).getByRole("alert")).toHaveText(spec.success);
      await expect(form(page).getByLabel(spec.labels.name)).toHaveValue("");
      await expect(form(page).getByLabel(spec.labels.amount)).toHaveValue("");
      expect(posted).toHaveLength(1);
      expect(Object.fromEntries(new URLSearchParams(posted[0] ?? ""))).toEqual({
        name: `JS investor ${language}`,
        email: "js.investor@example.com",
        phone: "052-1234567",
        company: "Test Capital",
        investmentAmount: spec.amounts[1],
        expertise: spec.expertise,
        message: "Looking forward to the deck.",
      });
    });

    test.describe("when the server refuses", () => {
      test.use({ extraHTTPHeaders: ownAddress() });

      test("says why and keeps the values", async ({ page }) => {
        // A real refusal: this address has used up its inquiries.
        for (let attempt = 0; attempt < 10; attempt++) {
          await page.request.post("/api/investment-inquiry", {
            data: "{}",
            headers: { "Content-Type": "application/json" },
          });
        }
        await gotoHydrated(page, spec.path);
        await fillInquiry(page, spec, { name: "Refused investor", email: "refused@example.com" });
        const answer = page.waitForResponse((response) => response.request().method() === "POST");
        await form(page).getByRole("button", { name: spec.submit }).click();
        expect((await answer).status()).toBe(429);
        await expect(form(page).getByRole("alert")).toHaveText(spec.rateLimited);
        await expect(form(page).getByLabel(spec.labels.name)).toHaveValue("Refused investor");
        await expect(form(page).getByLabel(spec.labels.email)).toHaveValue("refused@example.com");
        await expect(form(page).getByLabel(spec.labels.amount)).toHaveValue(spec.amounts[1]);
      });
    });

    test("with JavaScript: the server's errors show in the page's language, nothing stored", async ({ page }) => {
      await gotoHydrated(page, spec.path);
      await form(page).getByLabel(spec.labels.email).fill("not-an-address");
      await form(page).getByRole("button", { name: spec.submit }).click();
      await expect(form(page).getByLabel(spec.labels.name)).toHaveAttribute("aria-invalid", "true");
      await expect(form(page).getByText(spec.badEmail)).toBeVisible();
      await expect(form(page).getByLabel(spec.labels.email)).toHaveValue("not-an-address");
      await expect(form(page).getByRole("alert")).toHaveCount(0);
    });

    test.describe("without JavaScript", () => {
      test.use({ javaScriptEnabled: false });

      test("posts to the page: errors with the values kept, then a confirmation", async ({ page }) => {
        await page.goto(spec.path);
        // Passes the browser's own e-mail check but not ours: the server must answer.
        await fillInquiry(page, spec, { name: `No-JS investor ${language}`, email: "investor@localhost" });
        await form(page).getByRole("button", { name: spec.submit }).click();
        await expect(form(page).getByText(spec.badEmail)).toBeVisible();
        await expect(form(page).getByLabel(spec.labels.email)).toHaveAttribute("aria-invalid", "true");
        await expect(form(page).getByLabel(spec.labels.name)).toHaveValue(`No-JS investor ${language}`);
        await expect(form(page).getByLabel(spec.labels.amount)).toHaveValue(spec.amounts[1]);
        await expect(form(page).getByLabel(spec.labels.message)).toHaveValue("Looking forward to the deck.");

        await form(page).getByLabel(spec.labels.email).fill("nojs.investor@example.com");
        await form(page).getByRole("button", { name: spec.submit }).click();
        await expect(page).toHaveURL(`${spec.path}?inquiry=sent#investment-form`);
        await expect(form(page).getByRole("alert")).toHaveText(spec.success);
        await expect(form(page).getByLabel(spec.labels.name)).toHaveValue("");
      });
    });

    test("has no axe violations", async ({ page }) => {
      await gotoHydrated(page, spec.path);
      await expectNoAxeViolations(page);
    });

    test("does not scroll sideways at 360 px", async ({ page }) => {
      await page.setViewportSize(NARROW);
      await gotoHydrated(page, spec.path);
      await expectNoSidewaysScroll(page);
    });

    for (const [width, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      test(`screenshot at ${width} width`, async ({ page }) => {
        await page.setViewportSize(viewport);
        await gotoHydrated(page, spec.path);
        await page.screenshot({ path: `screenshots/invest-${language}-${width}.png`, fullPage: true });
      });
    }
  });
}
