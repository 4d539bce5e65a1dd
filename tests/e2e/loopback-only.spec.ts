import { expect, keepOnLoopback, test } from "./fixtures.ts";

/** The guard every end-to-end test's browser runs under (tests/e2e/fixtures.ts). */
test("a request leaving this machine fails and is recorded; a reserved name fails quietly", async ({
  browser,
  baseURL,
}) => {
  const context = await browser.newContext();
  const outside = keepOnLoopback(context);
  const page = await context.newPage();
  const answers = await page.evaluate(
    (urls) =>
      Promise.all(
        urls.map((url) =>
          fetch(url, { mode: "no-cors" }).then(
            () => "answered",
            () => "failed",
          ),
        ),
      ),
    ["https://www.wikipedia.org/wiki/Loopback", "http://simcha-party.example/", `${baseURL}/healthz`],
  );
  expect(answers).toEqual(["failed", "failed", "answered"]);
  expect(outside).toEqual(["GET https://www.wikipedia.org/wiki/Loopback"]);
  await context.close();
});
