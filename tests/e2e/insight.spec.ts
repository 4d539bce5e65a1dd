import {
  DESKTOP,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  htmlDirection,
  PHONE,
  test,
} from "./fixtures.ts";

test.describe("Completed functions page", () => {
  test("lists the functions with their totals, filters by type and keeps the filter in the CSV link", async ({
    page,
    signIn,
  }) => {
    await signIn();
    await page.setViewportSize(DESKTOP);
    await page.goto("/admin/completed-functions?lng=en");
    await expect(page.getByRole("heading", { name: "Completed Functions", level: 1 })).toBeVisible();
    const totals = page.getByRole("region", { name: "Totals of the functions shown" });
    await expect(totals.getByRole("heading", { name: "Total Completed" })).toBeVisible();
    await expect(totals.getByRole("heading", { name: "Average Profit per Function" })).toBeVisible();
    await expect(totals).toContainText("$1");

    const table = page.getByRole("table", { name: "Functions" });
    await expect(table.getByRole("link", { name: /^sess_/ }).first()).toHaveAttribute(
      "href",
      /^\/admin\/session\/sess_.+/,
    );

    await page.getByLabel("Function", { exact: true }).selectOption({ label: "Client introduction" });
    await page.getByRole("button", { name: "Apply" }).click();
    await expect(page).toHaveURL(/type=client_introduction_complete/);
    const rows = table.getByRole("row");
    await expect(rows.nth(1)).toContainText("Client introduction");
    await expect(table).not.toContainText("Party planning consultation");
    await expect(page.getByRole("link", { name: "Export CSV" })).toHaveAttribute(
      "href",
      /\/admin\/completed-functions\/export\?.*type=client_introduction_complete/,
    );
    await expectNoAxeViolations(page);

    await page.getByRole("link", { name: "Clear filters" }).click();
    await expect(page).toHaveURL(/\/admin\/completed-functions$/);
  });

  test("downloads the CSV", async ({ page, signIn }) => {
    await signIn();
    await page.goto("/admin/completed-functions?lng=en");
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("link", { name: "Export CSV" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^completed-functions-\d{4}-\d{2}-\d{2}\.csv$/);
  });

  test("reads right to left in Hebrew and fits a phone", async ({ page, signIn }) => {
    await signIn();
    await page.setViewportSize(PHONE);
    await page.goto("/admin/completed-functions?lng=he");
    expect(await htmlDirection(page)).toBe("rtl");
    await expect(page.getByRole("heading", { name: "פונקציות שהושלמו", level: 1 })).toBeVisible();
    await expect(page.getByRole("heading", { name: "סה״כ רווח" })).toBeVisible();
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});

test.describe("Analytics page", () => {
  test("switches periods and shows every figure and chart with its table", async ({ page, signIn }) => {
    await signIn();
    await page.setViewportSize(DESKTOP);
    await page.goto("/admin/analytics?lng=en");
    await expect(page.getByRole("heading", { name: "Analytics", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "30 days" })).toHaveAttribute("aria-current", "page");
    await page.getByRole("link", { name: "7 days" }).click();
    await expect(page).toHaveURL(/days=7/);
    await expect(page.getByRole("link", { name: "7 days" })).toHaveAttribute("aria-current", "page");

    const figures = page.getByRole("region", { name: "Key figures" });
    for (const name of ["Total Messages", "Avg. AI Response Time", "Satisfaction", "Conversion", "Conversations"]) {
      await expect(figures.getByRole("heading", { name, exact: true })).toBeVisible();
    }
    await expect(figures.getByText("vs. previous 7 days").first()).toBeVisible();
    // The charts' drawings are hidden from screen readers, their numbers are not.
    await expect(page.getByRole("table", { name: "Conversations per Day" }).getByRole("row")).toHaveCount(8);
    await expect(
      page
        .getByRole("table", { name: "Messages by Type" })
        .getByRole("rowheader", { name: "Conversation", exact: true }),
    ).toHaveCount(1);
    await expect(page.getByRole("table", { name: "Revenue by Stream per Month" })).toBeAttached();
    await expect(page.getByRole("table", { name: "Top Clients" })).toBeAttached();
    await expectNoAxeViolations(page);
  });

  test("reads right to left in Hebrew and fits a phone, a year included", async ({ page, signIn }) => {
    await signIn();
    await page.setViewportSize(PHONE);
    await page.goto("/admin/analytics?days=365&lng=he");
    expect(await htmlDirection(page)).toBe("rtl");
    await expect(page.getByRole("heading", { name: "אנליטיקה", level: 1 })).toBeVisible();
    await expect(page.getByRole("link", { name: "365 ימים" })).toHaveAttribute("aria-current", "page");
    await expect(page.getByRole("table", { name: "שיחות ליום" }).getByRole("row")).toHaveCount(366);
    await expectNoSidewaysScroll(page);
    await expectNoAxeViolations(page);
  });
});
