import AxeBuilder from "@axe-core/playwright";
import { test as base, expect, type Page } from "@playwright/test";
import { E2E_ADMIN } from "../../playwright.config.ts";

export const PHONE = { width: 390, height: 844 };
export const DESKTOP = { width: 1280, height: 800 };

type Fixtures = {
  /** Signs the page's browser context in as the seeded operator, through the real login form post. */
  signIn: () => Promise<void>;
  /** Console errors a test causes on purpose (a page made to fail), which it asserts in its own way. */
  allowedConsoleErrors: RegExp | undefined;
};

export const test = base.extend<Fixtures>({
  allowedConsoleErrors: [undefined, { option: true }],
  page: async ({ page, allowedConsoleErrors }, use) => {
    const errors: string[] = [];
    const allowed = (text: string) => allowedConsoleErrors?.test(text) ?? false;
    page.on("console", (message) => {
      // The browser reports every 4xx response it loads; the tests assert those statuses themselves.
      if (message.type() === "error" && !/^Failed to load resource: .* status of 4\d\d/.test(message.text()) && !allowed(message.text())) {
        errors.push(message.text());
      }
    });
    page.on("pageerror", (error) => {
      if (!allowed(error.message)) errors.push(error.message);
    });

    // Content-Security-Policy violations: the browser reports some (a caught eval probe) only as an event.
    const cspViolations: string[] = [];
    await page.exposeBinding("__recordCspViolation", (_source, violation: string) => void cspViolations.push(violation));
    await page.addInitScript(() => {
      document.addEventListener("securitypolicyviolation", (event) => {
        const record = (window as unknown as { __recordCspViolation: (violation: string) => void }).__recordCspViolation;
        void record(`${event.effectiveDirective} blocked ${event.blockedURI || "inline"} at ${event.sourceFile}:${event.lineNumber} on ${location.pathname}`);
      });
    });

    await use(page);
    expect(errors, "console errors on the page").toEqual([]);
    expect(cspViolations, "Content-Security-Policy violations").toEqual([]);
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

/** Interactions before React hydrates would be lost (or go to the no-JavaScript fallback); the page is ready once React owns <main>. */
export async function waitForHydration(page: Page) {
  await page.waitForFunction(() => {
    const main = document.querySelector("main");
    return main !== null && Object.keys(main).some((key) => key.startsWith("__reactFiber"));
  });
}

export async function gotoHydrated(page: Page, path: string) {
  const response = await page.goto(path);
  await waitForHydration(page);
  return response;
}

export async function expectNoAxeViolations(page: Page) {
  const results = await new AxeBuilder({ page }).analyze();
  expect(results.violations.map(({ id, help, nodes }) => ({ id, help, targets: nodes.map((node) => node.target) }))).toEqual([]);
}

export async function expectNoSidewaysScroll(page: Page) {
  const overflow = await page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth);
  expect(overflow).toBeLessThanOrEqual(0);
}
