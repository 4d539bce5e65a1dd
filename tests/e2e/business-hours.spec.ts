import { DESKTOP, expect, expectNoSidewaysScroll, gotoHydrated, PHONE, test } from "./fixtures.ts";

/** A seeded client no other end-to-end test changes. */
const CLIENT = 8;
const generalTab = (language: "he" | "en") => `/admin/clients/${CLIENT}/config?tab=general&lng=${language}`;

test.describe("business hours on the client's settings", () => {
  test("an operator sets Friday's closing hour and sees it kept (Hebrew, phone)", async ({ page, signIn }) => {
    await signIn();
    await page.setViewportSize(PHONE);
    await gotoHydrated(page, generalTab("he"));
    const hours = page.getByRole("region", { name: "שעות פעילות" });
    await expect(hours.getByText("עדיין לא הוגדרו")).toBeVisible();
    const friday = hours.getByRole("group", { name: "שישי" });
    await expect(friday.getByLabel("סגירה")).toHaveValue("13:00");
    await friday.getByLabel("סגירה").fill("14:00");
    const save = hours.getByRole("button", { name: "שמירת שעות" });
    await save.scrollIntoViewIfNeeded();
    const scrolled = await page.evaluate(() => window.scrollY);
    expect(scrolled, "the hours are below the first screen on a phone").toBeGreaterThan(0);
    await save.click();
    await expect(page.getByText("שעות הפעילות נשמרו", { exact: true })).toBeVisible();
    await expect(page).toHaveURL(generalTab("he"));
    // The page stays where the operator was (not back at its top): the save button still on screen.
    // (The "not set yet" note above it goes once saved, so the page moves up by that line.)
    expect(await page.evaluate(() => window.scrollY)).toBeGreaterThan(0);
    await expect(save).toBeInViewport();
    await page.reload();
    await expect(hours.getByRole("group", { name: "שישי" }).getByLabel("סגירה")).toHaveValue("14:00");
    await expect(hours.getByText("עדיין לא הוגדרו")).toHaveCount(0);
    await expect(
      hours.getByRole("group", { name: "שבת" }).getByRole("checkbox", { name: "פתוח ביום שבת" }),
    ).not.toBeChecked();
    await expectNoSidewaysScroll(page);
    await hours.screenshot({ path: "screenshots/business-hours/he-phone.png" });
  });

  test("a closing hour before the opening is refused next to the field (English, desktop)", async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.setViewportSize(DESKTOP);
    await gotoHydrated(page, generalTab("en"));
    const hours = page.getByRole("region", { name: "Business hours" });
    const sunday = hours.getByRole("group", { name: "Sunday" });
    await sunday.getByLabel("Closes").fill("08:00");
    await hours.getByRole("button", { name: "Save Hours" }).click();
    await expect(sunday.getByText("Closing must come after opening")).toBeVisible();
    await expect(page.getByText("Business hours saved")).toHaveCount(0);
    await hours.screenshot({ path: "screenshots/business-hours/en-desktop-error.png" });
  });
});
