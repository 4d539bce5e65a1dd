import { randomUUID } from "node:crypto";
import { mkdirSync, readFileSync } from "node:fs";
import { DESKTOP, expect, expectNoSidewaysScroll, gotoHydrated, htmlDirection, PHONE, test } from "./fixtures.ts";
import { inviteOn, join, newBusiness } from "./portal-fixtures.ts";
import { readZip } from "../support/zip.ts";

const SHOTS = "/tmp/shots-portal-leads";
mkdirSync(SHOTS, { recursive: true });

const TEXT = {
  en: {
    leads: "Leads",
    markHandled: "Mark handled",
    handledBy: /by \u2068?Dana Portal/,
    marked: "Marked handled",
    exportCsv: "Export CSV",
    bills: "Bills",
    usage: /so far$/,
    plugin: "WordPress plugin",
    download: "Download the plugin",
    steps: "Install steps",
  },
  he: {
    leads: "לידים",
    markHandled: "סימון כמטופל",
    handledBy: /על ידי \u2068?Dana Portal/,
    marked: "הליד סומן כמטופל",
    exportCsv: "ייצוא CSV",
    bills: "חשבונות",
    usage: /עד עכשיו$/,
    plugin: "התוסף לוורדפרס",
    download: "הורדת התוסף",
    steps: "שלבי ההתקנה",
  },
} as const;

for (const [language, device, viewport] of [
  ["he", "phone", PHONE],
  ["en", "desktop", DESKTOP],
] as const) {
  test(`a business's owner follows up a lead, exports it, sees the bills and takes the plugin (${language}, ${device})`, async ({
    page,
    signIn,
  }) => {
    const text = TEXT[language];
    // As the visitor writes it, and as the office dials it (app/assistant/contact-details.ts).
    const written = "054-765-4321";
    const phone = "054-7654321";
    await page.setViewportSize(viewport);
    await signIn();
    const business = await newBusiness(page, language === "he" ? "מאפיית הלידים" : "Leads Bakery");

    // A visitor of the business leaves a phone number (with consent, as the widget sends it): a lead.
    const message = await page.request.post("/api/wordpress/messages", {
      data: {
        license: business.licenseKey,
        sessionId: null,
        clientMessageId: randomUUID(),
        message: `My phone is ${written}`,
        consent: true,
      },
    });
    expect(message.status()).toBe(200);

    // The business's owner joins, in place of the operator.
    const invitePath = await inviteOn(page.request, `/admin/clients/${business.id}/people`, {
      email: `owner-${language}-${Date.now()}@portal.example`,
      displayName: "Dana Portal",
      role: "business_owner",
    });
    await page.context().clearCookies();
    await join(page.request, invitePath, "Dana Portal");

    // Leads: the visitor's number, marked handled by the owner.
    await gotoHydrated(page, `/portal/leads?lng=${language}`);
    expect(await htmlDirection(page)).toBe(language === "he" ? "rtl" : "ltr");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.leads);
    // The list is a table on a desktop and cards on a phone: the one shown is the one to use.
    await expect(page.getByText(phone).filter({ visible: true }).first()).toBeVisible();
    await page.getByRole("button", { name: text.markHandled }).filter({ visible: true }).click();
    await expect(page.getByText(text.marked).first()).toBeVisible();
    await expect(page.getByText(text.handledBy).filter({ visible: true })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/leads-${language}-${device}.png`, fullPage: true });

    // The CSV: the owner's own lead, with who handled it.
    const [csv] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: text.exportCsv }).click(),
    ]);
    expect(csv.suggestedFilename()).toMatch(/^leads-all-\d{4}-\d{2}-\d{2}\.csv$/);
    const rows = readFileSync((await csv.path())!, "utf8");
    expect(rows).toContain(phone);
    expect(rows).toContain("Dana Portal");

    // Bills: this month so far.
    await gotoHydrated(page, "/portal/billing");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.bills);
    await expect(page.getByRole("heading", { level: 2, name: text.usage })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/billing-${language}-${device}.png`, fullPage: true });

    // The plugin: the steps, and the ZIP with the business's own license key.
    await gotoHydrated(page, "/portal/plugin");
    await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.plugin);
    await expect(page.getByRole("heading", { name: text.steps })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `${SHOTS}/plugin-${language}-${device}.png`, fullPage: true });
    const [zip] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: text.download }).click(),
    ]);
    expect(zip.suggestedFilename()).toBe(`alex-ai-assistant-${business.id}.zip`);
    const defaults = readZip(readFileSync((await zip.path())!)).find((entry) => entry.name.endsWith("defaults.php"))!;
    expect(defaults.data.toString("utf8")).toContain(business.licenseKey);
  });
}
