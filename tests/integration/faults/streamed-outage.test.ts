import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";
import { login } from "../../support/traffic.ts";

/**
 * A page's streamed part (a promise its loader hands the page) that fails on an unreachable database
 * before the page's first bytes leave makes the page a 500. It is the outage's, so the caller must get
 * the 503 "briefly unavailable", even when the database answers again by the time anyone checks:
 * in a real outage that is the last request before PostgreSQL returns. The failure drill's
 * `streamed-outage` fails so while the database is up.
 */
describe("a streamed part that fails on an unreachable database", () => {
  let server: RunningServer;
  let cookie: string;

  beforeAll(async () => {
    server = await startServer({ FAILURE_DRILL: "true" });
    cookie = await login(server.url, TEST_ADMIN);
  }, 60_000);

  afterAll(async () => {
    await server?.stop();
  });

  const drill = (failIn: string) =>
    fetch(`${server.url}/admin/failure-drill?in=${failIn}&lng=en`, { headers: { Cookie: cookie } });

  it("answers the error page's 503, not a 500", async () => {
    const response = await drill("streamed-outage");
    expect(response.status).toBe(503);
    expect(await response.text()).toContain("Briefly unavailable");
  });

  it("leaves any other failure a 500", async () => {
    const response = await drill("loader");
    expect(response.status).toBe(500);
    expect(await response.text()).not.toContain("Briefly unavailable");
  });
});
