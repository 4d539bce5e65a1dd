import { expect, gotoHydrated, PHONE, test, waitForHydration } from "./fixtures.ts";

/**
 * The public island pages (app/islands/island-page.tsx): finished HTML, their own stylesheet inlined,
 * one small script, and no router in the browser.
 */
const ISLAND_PAGES = ["/", "/?lng=en", "/invest-en", "/invest-he", "/privacy", "/contact", "/this/does/not/exist"];

test.use({ expectedErrorPages: /^\/this\/does\/not\/exist/ });

for (const path of ISLAND_PAGES) {
  test(`every class on ${path} is styled by the inlined stylesheet`, async ({ page }) => {
    await page.setViewportSize(PHONE);
    await page.goto(path);
    // A class's rule may sit in a media query, a layer or a feature query: every group is searched.
    const unstyled = await page.evaluate(() => {
      const styled = new Set<string>();
      const visit = (rules: CSSRuleList) => {
        for (const rule of rules) {
          if (rule instanceof CSSStyleRule) {
            for (const match of rule.selectorText.matchAll(/\.((?:\\.|[\w-])+)/g)) {
              styled.add(match[1]!.replace(/\\(.)/g, "$1"));
            }
          }
          if ("cssRules" in rule) visit((rule as CSSGroupingRule).cssRules);
        }
      };
      for (const sheet of document.styleSheets) visit(sheet.cssRules);
      const used = new Set([...document.querySelectorAll("[class]")].flatMap((element) => [...element.classList]));
      // Lucide marks its icons with classes of its own ("lucide-star") that nothing styles.
      return [...used].filter((name) => !styled.has(name) && !name.startsWith("lucide"));
    });
    expect(unstyled).toEqual([]);
    await expect(page.locator('link[rel="stylesheet"]')).toHaveCount(0);
  });
}

test("a client-side link from a page that hydrated loads the landing page as a document", async ({ page }) => {
  await gotoHydrated(page, "/minimal-chat-demo?lng=en");
  await page.getByRole("link", { name: "Back to the site" }).click();
  await expect(page).toHaveURL("/");
  await waitForHydration(page);
  await expect(page.locator("html")).toHaveAttribute("data-enhanced", "");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  // The page's own script is at work: the calculator answers as the visitor types.
  await page.locator("#calculator").getByRole("spinbutton").first().fill("300");
  await expect(page.locator("#calculator").getByRole("status")).toContainText("350", { useInnerText: true });
});
