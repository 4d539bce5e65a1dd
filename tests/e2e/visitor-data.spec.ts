import { DESKTOP, expect, expectNoSidewaysScroll, gotoHydrated, PHONE, test } from "./fixtures.ts";

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

type SeededFunction = { clientId: number; clientDetails: { phone?: string } };

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
    const listed = await page.request.get("/api/completed-functions");
    const body = (await listed.json()) as { functions?: SeededFunction[] } | SeededFunction[];
    const functions = Array.isArray(body) ? body : (body.functions ?? []);
    // Each run takes a different seeded visitor: the others may have erased theirs already.
    const withPhone = functions.filter((row) => row.clientDetails.phone);
    const visitor = withPhone[(language === "en" ? 0 : 1) + (viewport === PHONE ? 2 : 0)]!;
    const digits = visitor.clientDetails.phone!.replace(/\D/g, "");

    await gotoHydrated(page, `/admin/clients/${visitor.clientId}?tab=privacy&lng=${language}`);
    await expect(page.getByRole("link", { name: text.tab })).toHaveAttribute("aria-current", "page");
    await page.getByLabel(text.searchBy).selectOption("phone");
    await page.getByLabel(text.value).fill(`+972 ${digits.slice(1)}`);
    await page.getByRole("button", { name: text.find }).click();
    const found = page.getByRole("region", { name: /Found|נמצא/ });
    await expect(found).toBeVisible();
    // The seeded visitor's conversation, found through the phone in its completed function.
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
