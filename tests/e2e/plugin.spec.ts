import { readFileSync } from "node:fs";
import { readZip } from "../support/zip.ts";
import {
  DESKTOP,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  PHONE,
  test,
} from "./fixtures.ts";

const PAGE = "/admin/plugin";

test.describe("the plugin manager", () => {
  test("downloads the chosen client's plugin ZIP", async ({ page, signIn }) => {
    await signIn();
    await gotoHydrated(page, `${PAGE}?lng=en`);
    await expect(page.getByRole("heading", { level: 1 })).toHaveText("Plugin Manager");
    await expect(page.getByText("Version 1.2.0")).toBeVisible();
    await page.getByLabel("Client").selectOption({ label: "Alex AI (alex-ai.example)" });
    const [download] = await Promise.all([
      page.waitForEvent("download"),
      page.getByRole("button", { name: "Download plugin" }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^alex-ai-assistant-\d+\.zip$/);
    const entries = readZip(readFileSync((await download.path())!));
    expect(entries.map((entry) => entry.name)).toContain("alex-ai-assistant/alex-ai-assistant.php");
    await expect(page.getByRole("alert")).toHaveCount(0);
  });

  test("says 'could not download the plugin' when the download fails", async ({ page, signIn }) => {
    await signIn();
    await gotoHydrated(page, `${PAGE}?lng=en`);
    await page.route("**/api/download/plugin*", (route) =>
      route.fulfill({
        status: 404,
        contentType: "application/json",
        body: JSON.stringify({ error: "No client has this id or license key." }),
      }),
    );
    await page.getByRole("button", { name: "Download plugin" }).click();
    await expect(page.getByRole("alert")).toHaveText(
      "Could not download the plugin: No client has this id or license key.",
    );
  });

  test.describe("without JavaScript", () => {
    test.use({ javaScriptEnabled: false });

    test("the client picker is a plain GET form: the browser downloads the ZIP itself", async ({ page, signIn }) => {
      await signIn();
      await page.goto(`${PAGE}?lng=en&clientId=2`);
      await expect(page.getByLabel("Client")).toHaveValue("2");
      const [download] = await Promise.all([
        page.waitForEvent("download"),
        page.getByRole("button", { name: "Download plugin" }).click(),
      ]);
      expect(download.suggestedFilename()).toBe("alex-ai-assistant-2.zip");
      expect(readZip(readFileSync((await download.path())!)).length).toBeGreaterThan(5);
    });
  });

  for (const language of ["he", "en"] as const) {
    for (const [width, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      test(`reads well in ${language} on a ${width}`, async ({ page, signIn }) => {
        await page.setViewportSize(viewport);
        await signIn();
        await gotoHydrated(page, `${PAGE}?lng=${language}`);
        await expect(page.locator("html")).toHaveAttribute("dir", language === "he" ? "rtl" : "ltr");
        await expect(page.getByRole("heading", { level: 1 })).toHaveText(
          language === "he" ? "ניהול התוסף" : "Plugin Manager",
        );
        await expectNoSidewaysScroll(page);
        await expectNoAxeViolations(page);
        await page.screenshot({ path: `screenshots/plugin-manager-${language}-${width}.png`, fullPage: true });
      });
    }
  }
});
