import { DESKTOP, expect, PHONE, test } from "./fixtures.ts";

/** Pictures of the main screens in both languages and widths, for people to look at (screenshots/). */
const SCREENS = [
  { name: "landing", path: "/", signedIn: false },
  { name: "login", path: "/login", signedIn: false },
  { name: "dashboard", path: "/admin/dashboard", signedIn: true },
  { name: "completed-functions", path: "/admin/completed-functions", signedIn: true },
  { name: "analytics", path: "/admin/analytics", signedIn: true },
  { name: "billing", path: "/admin/billing", signedIn: true },
];

for (const screen of SCREENS) {
  for (const language of ["he", "en"] as const) {
    for (const [width, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      test(`screenshot: ${screen.name} ${language} ${width}`, async ({ page, signIn }) => {
        await page.setViewportSize(viewport);
        if (screen.signedIn) await signIn();
        await page.goto(`${screen.path}?lng=${language}`);
        await expect(page.locator("html")).toHaveAttribute("lang", language);
        // No toast left over (an empty live region, such as a copy button's, is not one).
        if (screen.signedIn) await expect(page.getByRole("status").filter({ hasText: /\S/ })).toHaveCount(0);
        await page.screenshot({ path: `screenshots/${screen.name}-${language}-${width}.png`, fullPage: true });
      });
    }
  }
}
