import { axeScan, DESKTOP, expect, PHONE, test } from "./fixtures.ts";

const PAGES = [
  {
    path: "/privacy",
    he: "מדיניות פרטיות",
    en: "Privacy policy",
    fact: { he: "privacy@alex-ai.co.il", en: "privacy@alex-ai.co.il" },
  },
  { path: "/terms", he: "תנאי שימוש", en: "Terms of service", fact: { he: "לחודש, ועוד", en: "$50 a month, plus $1" } },
  {
    path: "/accessibility",
    he: "הצהרת נגישות",
    en: "Accessibility statement",
    fact: { he: "תקן ישראלי 5568", en: "Israeli Standard 5568" },
  },
] as const;

test.describe("the legal pages", () => {
  for (const language of ["he", "en"] as const) {
    test(`are linked from the landing page's footer and read in ${language}`, async ({ page }) => {
      for (const legal of PAGES) {
        await page.goto(`/?lng=${language}`);
        await page.getByRole("contentinfo").getByRole("link", { name: legal[language] }).click();
        await expect(page).toHaveURL(legal.path);
        await expect(page.locator("html")).toHaveAttribute("dir", language === "he" ? "rtl" : "ltr");
        await expect(page.getByRole("heading", { level: 1, name: legal[language] })).toBeVisible();
        await expect(page.getByRole("main")).toContainText(legal.fact[language]);
        await expect(page).toHaveTitle(`${legal[language]} | Alex`);
      }
    });

    for (const [width, viewport] of [
      ["phone", PHONE],
      ["desktop", DESKTOP],
    ] as const) {
      test(`pass axe in ${language} on a ${width}`, async ({ page }) => {
        await page.setViewportSize(viewport);
        for (const legal of PAGES) {
          await page.goto(`${legal.path}?lng=${language}`);
          await expect(page.getByRole("heading", { level: 1, name: legal[language] })).toBeVisible();
          const scrollWidth = await page.evaluate(() => document.documentElement.scrollWidth);
          expect(scrollWidth, `${legal.path} scrolls sideways`).toBeLessThanOrEqual(viewport.width);
          const results = await axeScan(page);
          expect(
            results.violations.map(({ id, nodes }) => ({ id, targets: nodes.map((node) => node.target.join(" ")) })),
            legal.path,
          ).toEqual([]);
          await page.screenshot({ path: `screenshots/legal${legal.path}-${language}-${width}.png`, fullPage: true });
        }
      });
    }
  }

  test("the contents link to their sections", async ({ page }) => {
    await page.goto("/privacy?lng=en");
    await page.getByRole("navigation", { name: "On this page" }).getByRole("link", { name: "Your rights" }).click();
    await expect(page).toHaveURL("/privacy?lng=en#rights");
    await expect(page.getByRole("heading", { level: 2, name: "Your rights" })).toBeInViewport();
    await expect(page.getByRole("link", { name: "privacy@alex-ai.co.il" }).first()).toHaveAttribute(
      "href",
      "mailto:privacy@alex-ai.co.il",
    );
  });
});
