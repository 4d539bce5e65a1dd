import { mkdirSync } from "node:fs";
import {
  DESKTOP,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  PHONE,
  test,
} from "./fixtures.ts";

const TEXT = {
  en: { tab: "Access log", viewed: "Viewed a conversation", export: "Export CSV" },
  he: { tab: "יומן גישה", viewed: "צפה בשיחה", export: "ייצוא CSV" },
} as const;

const SCREENS = "screenshots/access";

for (const language of ["en", "he"] as const) {
  const text = TEXT[language];

  test(`a viewed session shows on the client's access log tab, on a phone (${language})`, async ({ page, signIn }) => {
    // Two pages, two widths and two accessibility scans of a long client page.
    test.slow();
    await signIn();
    await page.setViewportSize(PHONE);
    const list = (await (await page.request.get("/api/admin/sessions?period=all")).json()) as {
      sessions: { sessionId: string; clientId: number }[];
    };
    const { sessionId, clientId } = list.sessions[0]!;

    await gotoHydrated(page, `/admin/session/${sessionId}?lng=${language}`);
    await gotoHydrated(page, `/admin/clients/${clientId}?lng=${language}`);
    await page.getByRole("link", { name: text.tab }).click();
    await expect(page).toHaveURL(/tab=access/);
    await expect(page.getByRole("heading", { name: text.tab, level: 2 })).toBeVisible();
    // The row is written beside the page it records; a reload picks it up if the click came first.
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole("link", { name: sessionId }).first()).toBeVisible({ timeout: 1000 });
    }).toPass({ timeout: 10_000 });
    await expect(page.getByText(text.viewed).locator("visible=true").first()).toBeVisible();
    await expect(page.getByRole("link", { name: text.export })).toHaveAttribute(
      "href",
      `/admin/clients/${clientId}/access-log-export`,
    );
    await expectNoAxeViolations(page);
    await expectNoSidewaysScroll(page);

    mkdirSync(SCREENS, { recursive: true });
    await page.screenshot({ path: `${SCREENS}/access-log-${language}-390.png`, fullPage: true });
    await page.setViewportSize({ ...DESKTOP, width: 1366 });
    await page.reload();
    await expect(page.getByRole("table").getByRole("link", { name: sessionId }).first()).toBeVisible();
    await expectNoAxeViolations(page);
    await page.screenshot({ path: `${SCREENS}/access-log-${language}-1366.png`, fullPage: true });
  });
}
