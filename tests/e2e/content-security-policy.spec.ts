import { gotoHydrated, test } from "./fixtures.ts";

/**
 * No page breaks its own Content-Security-Policy. The page fixture records every
 * `securitypolicyviolation` and fails the test on one; zod's eval probe used to raise one on every
 * page that built a form schema. Each page is given time to finish its scripts before the next.
 */
const ADMIN_PAGES = [
  "/admin/dashboard",
  "/admin/clients",
  "/admin/clients/1",
  "/admin/clients/1/config",
  "/admin/leads",
  "/admin/completed-functions",
  "/admin/billing",
  "/admin/plugin",
  "/admin/analytics",
  "/admin/chat-sessions",
  "/admin/ai-training",
  "/admin/system-status",
];
const PUBLIC_PAGES = ["/", "/login", "/invest-he", "/invest-en", "/minimal-chat-demo"];

// Seventeen pages, each waited on until its network is quiet: more than the default 30 s on a loaded machine.
test.describe.configure({ timeout: 120_000 });

for (const language of ["he", "en"] as const) {
  test(`no Content-Security-Policy violation on the public pages and every admin page (${language})`, async ({
    page,
    signIn,
  }) => {
    for (const path of PUBLIC_PAGES) {
      await gotoHydrated(page, `${path}?lng=${language}`);
      await page.waitForLoadState("networkidle");
    }
    await signIn();
    for (const path of ADMIN_PAGES) {
      await gotoHydrated(page, `${path}?lng=${language}`);
      await page.waitForLoadState("networkidle");
    }
  });
}
