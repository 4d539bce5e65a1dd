import { test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

type Fixtures = {
  /** Signs the page's browser context in as the seeded operator, through the real login form post. */
  signIn: () => Promise<void>;
};

export const test = base.extend<Fixtures>({
  page: async ({ page }, use) => {
    const errors: string[] = [];
    page.on("console", (message) => {
      // The browser reports every 4xx response it loads; the tests assert those statuses themselves.
      if (message.type() === "error" && !/^Failed to load resource: .* status of 4\d\d/.test(message.text())) {
        errors.push(message.text());
      }
    });
    page.on("pageerror", (error) => errors.push(error.message));
    await use(page);
    expect(errors, "console errors on the page").toEqual([]);
  },
  signIn: async ({ page }, use) => {
    await use(async () => {
      const response = await page.request.post("/login", { form: E2E_ADMIN, maxRedirects: 0 });
      expect(response.status()).toBe(302);
    });
  },
});

export { expect, E2E_ADMIN };

export async function htmlDirection(page: Page) {
  return page.locator("html").getAttribute("dir");
}
