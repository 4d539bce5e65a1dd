import type { APIRequestContext } from "@playwright/test";
import { DESKTOP, expect, expectNoAxeViolations, gotoHydrated, PHONE, test } from "./fixtures.ts";

const NARROW = { width: 360, height: 740 };

/** Inquiries through the public API, each from its own address (the limit counts per address). */
async function sendInquiries(request: APIRequestContext, names: string[]) {
  for (const [index, name] of names.entries()) {
    const response = await request.post("/api/investment-inquiry", {
      data: { name, email: "handled.check@example.com", investmentAmount: "1m+", language: "en" },
      headers: { "X-Forwarded-For": `198.51.100.${(Date.now() + index) % 250}` },
    });
    expect(response.status()).toBe(201);
  }
}

const HANDLED_TEXTS = {
  en: {
    search: "Search",
    apply: "Apply",
    followUp: "Follow-up",
    notHandledYet: "Not handled yet",
    mark: "Mark handled",
    unmark: "Mark not handled",
    markedDone: "Marked handled",
    markedOpen: "Marked not handled",
    open: "Not handled",
    handled: /^Handled \d{2}\/\d{2}\/\d{4}, \d{2}:\d{2}$/,
    by: /^by \u2068e2e-operator\u2069$/,
    matches: (count: number) => (count === 1 ? "1 lead matches" : `${count} leads match`),
    noMatch: "No lead matches these filters.",
    next: "Next",
  },
  he: {
    search: "חיפוש",
    apply: "החלה",
    followUp: "טיפול",
    notHandledYet: "טרם טופלו",
    mark: "סימון כמטופל",
    unmark: "החזרה ללא טופל",
    markedDone: "הליד סומן כמטופל",
    markedOpen: "הליד הוחזר ללא טופל",
    open: "לא טופל",
    handled: /^טופל \d{2}\.\d{2}\.\d{4}, \d{2}:\d{2}$/,
    by: /^על ידי \u2068e2e-operator\u2069$/,
    matches: (count: number) => (count === 1 ? "ליד 1 מתאים" : `${count} לידים מתאימים`),
    noMatch: "אין לידים שמתאימים לסינון הזה.",
    next: "הבא",
  },
};

test.describe("Leads page", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.251" } });

  test("lists an inquiry just sent from the investor page, newest first", async ({ page, signIn }) => {
    const name = `Leads check ${Date.now()}`;
    await gotoHydrated(page, "/invest-en");
    const form = page.locator("form#investment-inquiry");
    await form.getByLabel("Full name").fill(name);
    await form.getByLabel("Email").fill("leads.check@example.com");
    await form.getByLabel("Investment range").selectOption("250k-500k");
    await form.getByLabel("Message").fill('=HYPERLINK("http://example.com")');
    await form.getByRole("button", { name: "Send inquiry" }).click();
    await expect(form.getByRole("alert")).toHaveText(
      "Investment inquiry submitted successfully! We will contact you soon.",
    );

    await signIn();
    await page.goto("/admin/leads");
    await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Investment inquiries \d/ })).toHaveAttribute("aria-current", "page");
    const firstRow = page.getByRole("table").getByRole("row").nth(1);
    await expect(firstRow).toContainText(name);
    await expect(firstRow).toContainText("leads.check@example.com");
    await expect(firstRow).toContainText("$250–500K");
    await expect(
      page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Leads" }),
    ).toHaveAttribute("aria-current", "page");
  });

  test("switches between the three lists, each with its CSV export", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/admin/leads");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/admin/leads/export/investment-inquiries",
    );
    await page.getByRole("link", { name: /^Contact leads \d/ }).click();
    await expect(page).toHaveURL("/admin/leads?tab=contacts");
    await expect(page.getByRole("heading", { name: "Contact leads", level: 2 })).toBeVisible();
    await expect(page.getByRole("columnheader", { name: "Marketing consent" })).toBeVisible();
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      "/admin/leads/export/contact-leads",
    );
    await page.getByRole("link", { name: /^Newsletter subscribers \d/ }).click();
    await expect(page.getByRole("heading", { name: "Newsletter subscribers", level: 2 })).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  for (const language of ["en", "he"] as const) {
    const text = HANDLED_TEXTS[language];
    for (const javaScript of [true, false]) {
      test.describe(javaScript ? "with JavaScript" : "without JavaScript", () => {
        test.use({ javaScriptEnabled: javaScript });

        test(`finds a lead, marks it handled and back (${language})`, async ({ page, signIn }) => {
          const name = `Handled ${language} ${javaScript} ${Date.now()}`;
          await sendInquiries(page.request, [name]);
          await signIn();
          await (javaScript
            ? gotoHydrated(page, `/admin/leads?lng=${language}`)
            : page.goto(`/admin/leads?lng=${language}`));

          const filters = page.getByRole("search");
          await filters.getByLabel(text.search).fill(name);
          await filters.getByLabel(text.followUp).selectOption("unhandled");
          await filters.getByRole("button", { name: text.apply }).click();
          await expect(page).toHaveURL(/\/admin\/leads\?tab=inquiries&q=.+&handled=unhandled$/);
          await expect(page.getByRole("status").filter({ hasText: text.matches(1) })).toBeVisible();
          const row = page.getByRole("table").getByRole("row").nth(1);
          await expect(row).toContainText(name);
          await expect(row).toContainText(text.open);

          await row.getByRole("button", { name: `${text.mark} ${name}` }).click();
          // Back on the same filtered list, where a handled lead no longer shows. (Without JavaScript the toast is a
          // banner in <noscript>, found by a pattern: a plain string skips it.)
          await expect(page).toHaveURL(/\/admin\/leads\?tab=inquiries&q=.+&handled=unhandled$/);
          await expect(page.getByText(new RegExp(text.markedDone)).first()).toBeVisible();
          await expect(page.getByText(text.noMatch)).toBeVisible();

          await page.getByRole("search").getByLabel(text.followUp).selectOption("handled");
          await page.getByRole("search").getByRole("button", { name: text.apply }).click();
          await expect(page).toHaveURL(/handled=handled$/);
          const handledRow = page.getByRole("table").getByRole("row").nth(1);
          await expect(handledRow).toContainText(name);
          await expect(handledRow.getByText(text.handled)).toBeVisible();
          await expect(handledRow.getByText(text.by)).toBeVisible();

          await handledRow.getByRole("button", { name: `${text.unmark} ${name}` }).click();
          await expect(page).toHaveURL(/handled=handled$/);
          await expect(page.getByText(new RegExp(text.markedOpen)).first()).toBeVisible();
          await expect(page.getByText(text.noMatch)).toBeVisible();
        });
      });
    }

    test(`pages through the leads that match a search (${language})`, async ({ page, signIn }) => {
      const run = `Paging ${language} ${Date.now()}`;
      await sendInquiries(
        page.request,
        Array.from({ length: 26 }, (_, index) => `${run} ${String(index + 1).padStart(2, "0")}`),
      );
      await signIn();
      await gotoHydrated(page, `/admin/leads?lng=${language}&q=${encodeURIComponent(run)}`);
      await expect(page.getByRole("status").filter({ hasText: text.matches(26) })).toBeVisible();
      await expect(page.getByRole("table").getByRole("row")).toHaveCount(26);
      await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText(`${run} 26`);
      await page.getByRole("link", { name: text.next }).click();
      await expect(page).toHaveURL(/[?&]page=2$/);
      await expect(page.getByRole("table").getByRole("row")).toHaveCount(2);
      await expect(page.getByRole("table").getByRole("row").nth(1)).toContainText(`${run} 01`);
    });

    test(`has no axe violations (${language})`, async ({ page, signIn }) => {
      await signIn();
      await gotoHydrated(page, `/admin/leads?lng=${language}`);
      await expect(page.locator("html")).toHaveAttribute("lang", language);
      await expectNoAxeViolations(page);
    });

    test(`shows cards, not a table, and does not scroll sideways at 360 px (${language})`, async ({ page, signIn }) => {
      await page.setViewportSize(NARROW);
      await signIn();
      await gotoHydrated(page, `/admin/leads?lng=${language}`);
      // One table, each row drawn as a card: its cells stacked as lines of a name and a value.
      const firstLead = page.getByRole("table").first().getByRole("row").nth(1);
      await expect(firstLead).toBeVisible();
      await expect(firstLead).toHaveCSS("display", "grid");
      const overflow = await page.evaluate(
        () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
      );
      expect(overflow).toBeLessThanOrEqual(0);
    });

    for (const [width, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      test(`screenshot: leads ${language} ${width}`, async ({ page, signIn }) => {
        await page.setViewportSize(viewport);
        await signIn();
        await gotoHydrated(page, `/admin/leads?lng=${language}`);
        await page.screenshot({ path: `screenshots/leads-${language}-${width}.png`, fullPage: true });
      });
    }
  }
});
