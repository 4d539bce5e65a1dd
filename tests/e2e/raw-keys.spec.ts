import { test as base } from "@playwright/test";
import { expect, gotoHydrated, recordRawKeys, test } from "./fixtures.ts";

/**
 * A translation i18next cannot find shows as its key. The shared page fixture (fixtures.ts) fails any
 * test whose pages showed one; here, that its watch sees one, and the Hebrew plural that once showed as
 * `detail.messageCount`.
 */
base("the watch reports a key shown as text or as a label, and not one marked as code", async ({ page }) => {
  const found = await recordRawKeys(page);
  await page.goto("/login?lng=en");
  await expect(page.getByRole("heading", { level: 1 })).toBeVisible();
  expect([...found]).toEqual([]);
  await page.evaluate(() => {
    const added = document.createElement("div");
    added.innerHTML =
      '<p>detail.messageCount</p><button aria-label="sessions:handoff.send">x</button><code>ai.model</code><p>alex-ai.example</p>';
    document.body.append(added);
  });
  await expect
    .poll(() => [...found].sort())
    .toEqual(['"detail.messageCount" on /login?lng=en', '"sessions:handoff.send" on /login?lng=en']);
});

test("a Hebrew session of exactly two messages says so in words", async ({ page, signIn }) => {
  await signIn();
  const { sessions } = (await (await page.request.get("/api/admin/chat-sessions?period=all")).json()) as {
    sessions: { sessionId: string; messageCount: number }[];
  };
  const two = sessions.find((session) => session.messageCount === 2);
  // The seeded demo draws two messages for about one session in ten.
  expect(two).toBeDefined();
  await gotoHydrated(page, `/admin/session/${two!.sessionId}?lng=he`);
  await expect(page.getByText("שתי הודעות", { exact: true })).toBeVisible();
});
