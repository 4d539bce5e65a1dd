import { DESKTOP, expect, expectNoAxeViolations, gotoHydrated, PHONE, test } from "./fixtures.ts";

const NARROW = { width: 360, height: 740 };

test.describe("Leads page", () => {
  test.use({ extraHTTPHeaders: { "X-Forwarded-For": "203.0.113.251" } });

  test("lists an inquiry just sent from the investor page, newest first", async ({ page, signIn }) => {
    const name = `Leads check ${Date.now()}`;
    await gotoHydrated(page, "/invest-en");
    const form = page.locator("form#investment-inquiry");
    await form.getByLabel("Full name").fill(name);
    await form.getByLabel("Email").fill("leads.check@example.com");
    await form.getByLabel("Investment range").selectOption("250k-500k");
    await form.getByLabel("Message").fill("=HYPERLINK(\"http://example.com\")");
    await form.getByRole("button", { name: "Send inquiry" }).click();
    await expect(form.getByRole("alert")).toHaveText("Investment inquiry submitted successfully! We will contact you soon.");

    await signIn();
    await page.goto("/admin/leads");
    await expect(page.getByRole("heading", { name: "Leads", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: /^Investment inquiries \d/ })).toHaveAttribute("aria-current", "page");
    const firstRow = page.getByRole("table").getByRole("row").nth(1);
    await expect(firstRow).toContainText(name);
    await expect(firstRow).toContainText("leads.check@example.com");
    await expect(firstRow).toContainText("$250–500K");
    await expect(page.getByRole("navigation", { name: "Admin navigation" }).getByRole("link", { name: "Leads" })).toHaveAttribute(
      "aria-current",
      "page",
    );
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
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute("href", "/admin/leads/export/contact-leads");
    await page.getByRole("link", { name: /^Newsletter subscribers \d/ }).click();
    await expect(page.getByRole("heading", { name: "Newsletter subscribers", level: 2 })).toBeVisible();

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: "Export CSV" }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^newsletter-subscribers-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  for (const language of ["en", "he"] as const) {
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
      await expect(page.getByRole("table")).toBeHidden();
      await expect(page.getByRole("list").filter({ has: page.getByRole("term") }).first()).toBeVisible();
      const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
      expect(overflow).toBeLessThanOrEqual(0);
    });

    for (const [width, viewport] of [["phone", PHONE], ["desktop", DESKTOP]] as const) {
      test(`screenshot: leads ${language} ${width}`, async ({ page, signIn }) => {
        await page.setViewportSize(viewport);
        await signIn();
        await gotoHydrated(page, `/admin/leads?lng=${language}`);
        await page.screenshot({ path: `screenshots/leads-${language}-${width}.png`, fullPage: true });
      });
    }
  }
});
