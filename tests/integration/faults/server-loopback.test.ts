import { describe, expect, it } from "vitest";
import he from "~/locales/he/assistant.json";
import { startServer } from "../../support/server.ts";
import { demoLicense, postMessage } from "../../support/traffic.ts";

/** App servers that tests start stay on this machine too: a dial outside is refused, and the test that caused it fails. */
describe("an app server started by a test", () => {
  it("is refused anything outside loopback, and its test fails", async () => {
    // 192.0.2.0/24 is reserved for documentation: nothing answers there, and the guard refuses it before trying.
    const server = await startServer({ AI_BASE_URL: "http://192.0.2.10/v1", AI_MODEL: "test-model" });
    let stopped: unknown;
    try {
      const outcome = await postMessage(server.url, { license: await demoLicense(server.url), message: "שלום" });
      console.info(`A dial outside loopback: answered ${outcome.status} after ${outcome.ms} ms.`);
      expect(outcome.status).toBe(200);
      expect((JSON.parse(outcome.body) as { reply: string }).reply).toBe(he.fallback);
      expect(outcome.ms).toBeLessThan(5000);
    } finally {
      stopped = await server.stop().catch((error: unknown) => error);
    }
    expect(String(stopped)).toMatch(/The server tried to leave this machine[\s\S]*192\.0\.2\.10/);
  }, 60_000);
});
