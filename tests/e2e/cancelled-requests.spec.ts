import { expect, gotoHydrated, test } from "./fixtures.ts";

/**
 * A request the router cancels (a navigation cutting short a live reload) is not an error, but every
 * other failure still reaches the console (app/entry.client.tsx). The fixture fails a test on any error
 * the page reports, so the first test passing is its own proof.
 */
test.describe("what the browser reports when a promise fails unseen", () => {
  test.use({ allowedConsoleErrors: /the inbox could not be read/ });

  test("a cancelled request is not reported, any other failure is", async ({ page, signIn }) => {
    await signIn();
    await gotoHydrated(page, "/admin/inbox?lng=en");
    await page.evaluate(() => void Promise.reject(AbortSignal.abort().reason));
    const reported = page.waitForEvent("pageerror");
    await page.evaluate(() => void Promise.reject(new Error("the inbox could not be read")));
    expect((await reported).message).toBe("the inbox could not be read");
  });
});
