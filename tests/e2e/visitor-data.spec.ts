import { randomUUID } from "node:crypto";
import { DESKTOP, expect, expectNoSidewaysScroll, gotoHydrated, PHONE, test } from "./fixtures.ts";
import { newBusiness } from "./portal-fixtures.ts";

/**
 * The Privacy tab of a client's page: find a visitor by phone (typed another way than it is
 * stored), download the export, erase after confirming in a dialog, and see both in the audit trail.
 */
const TEXT = {
  en: {
    tab: "Privacy",
    searchBy: "Search by",
    phone: "Phone",
    value: "Value",
    find: "Find",
    export: "Export JSON",
    erase: "Erase",
    confirmTitle: "Erase this visitor's data?",
    erased: "Visitor's data erased",
    audit: "Exports and erasures",
    exportRow: "Export · Phone",
    eraseRow: "Erasure · Phone",
  },
  he: {
    tab: "פרטיות",
    searchBy: "חיפוש לפי",
    phone: "טלפון",
    value: "ערך",
    find: "חיפוש",
    export: "ייצוא JSON",
    erase: "מחיקה",
    confirmTitle: "למחוק את המידע של המבקר?",
    erased: "המידע של המבקר נמחק",
    audit: "ייצואים ומחיקות",
    exportRow: "ייצוא · טלפון",
    eraseRow: "מחיקה · טלפון",
  },
} as const;

for (const [language, viewport] of [
  ["en", DESKTOP],
  ["he", PHONE],
  ["en", PHONE],
  ["he", DESKTOP],
] as const) {
  test(`(${language}, ${viewport.width} px) finds a visitor by phone, exports, erases after confirming, and lists both`, async ({
    page,
    signIn,
  }) => {
    const text = TEXT[language];
    await signIn();
    await page.setViewportSize(viewport);
    // A business and a visitor of the test's own: the other variants erase theirs side by side.
    const business = await newBusiness(page, "Privacy check");
    const digits = `054${String(Date.now()).slice(-7)}`;
    const message = await page.request.post("/api/wordpress/messages", {
      data: {
        license: business.licenseKey,
        sessionId: null,
        clientMessageId: randomUUID(),
        message: `My phone is ${digits.slice(0, 3)}-${digits.slice(3)}`,
        consent: true,
      },
    });
    expect(message.status()).toBe(200);

    await gotoHydrated(page, `/admin/clients/${business.id}?tab=privacy&lng=${language}`);
    await expect(page.getByRole("link", { name: text.tab })).toHaveAttribute("aria-current", "page");
    await page.getByLabel(text.searchBy).selectOption("phone");
    await page.getByLabel(text.value).fill(`+972 ${digits.slice(1)}`);
    await page.getByRole("button", { name: text.find }).click();
    const found = page.getByRole("region", { name: /Found|נמצא/ });
    await expect(found).toBeVisible();
    // The visitor's conversation, found through the phone its lead holds.
    await expect(found).not.toContainText(/Sessions: 0|שיחות: 0/);
    await expectNoSidewaysScroll(page);
    await page.screenshot({ path: `screenshots/erase/found-${language}-${viewport.width}.png`, fullPage: true });

    const download = page.waitForEvent("download");
    await page.getByRole("link", { name: text.export }).click();
    const file = await download;
    expect(file.suggestedFilename()).toMatch(/^visitor-data-\d+-[\d-]+\.json$/);

    await page.getByRole("button", { name: text.erase, exact: true }).click();
    const dialog = page.getByRole("dialog", { name: text.confirmTitle });
    await expect(dialog).toBeVisible();
    await page.screenshot({ path: `screenshots/erase/confirm-${language}-${viewport.width}.png` });
    await dialog.getByRole("button", { name: text.erase, exact: true }).click();
    await expect(page.getByText(text.erased, { exact: true })).toBeVisible();
    const audit = page.getByRole("region", { name: text.audit });
    await expect(audit.getByRole("listitem").filter({ hasText: text.eraseRow }).first()).toBeVisible();
    await expect(audit.getByRole("listitem").filter({ hasText: text.exportRow }).first()).toBeVisible();
    await expect(audit).toContainText(`•••${digits.slice(-3)}`);
    await page.screenshot({ path: `screenshots/erase/audit-${language}-${viewport.width}.png`, fullPage: true });
  });
}
