import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";
import { login } from "../../support/traffic.ts";

/** One test server with FAILURE_DRILL set (as the end-to-end servers run) for both drills' checks. */
let server: RunningServer;
let cookie: string;

beforeAll(async () => {
  server = await startServer({ FAILURE_DRILL: "true" });
  cookie = await login(server.url, TEST_ADMIN);
}, 60_000);

afterAll(async () => {
  await server?.stop();
});

/**
 * A page's streamed part (a promise its loader hands the page) that fails on an unreachable database
 * before the page's first bytes leave makes the page a 500. It is the outage's, so the caller must get
 * the 503 "briefly unavailable", even when the database answers again by the time anyone checks:
 * in a real outage that is the last request before PostgreSQL returns. The failure drill's
 * `streamed-outage` fails so while the database is up.
 */
describe("a streamed part that fails on an unreachable database", () => {
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

/**
 * The job drill on a test server (FAILURE_DRILL set): what it refuses, in the caller's language,
 * before it runs anything. Its run itself is tests/e2e/card-mail.spec.ts's (it needs Cardcom's stand-in).
 */
describe("the job drill where FAILURE_DRILL is set", () => {
  const drill = (fields: Record<string, string>, language = "en") =>
    fetch(`${server.url}/admin/job-drill?lng=${language}`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams(fields),
    });

  it.each([
    ["an unknown job", { job: "erase-everything", at: "2026-12-01T06:00:00Z" }],
    ["a time that is not one", { job: "card-renewals", at: "tomorrow" }],
    ["nothing", {}],
  ])("refuses %s with a 400 that says why", async (_, fields) => {
    const response = await drill(fields);
    expect(response.status).toBe(400);
    expect(await response.json()).toEqual({ error: expect.stringMatching(/\w/) });
  });

  it("refuses the card renewals with a 409 in Hebrew when Cardcom is not set", async () => {
    const response = await drill({ job: "card-renewals", at: "2026-12-01T06:00:00Z" }, "he");
    expect(response.status).toBe(409);
    expect(((await response.json()) as { error: string }).error).toMatch(/[\u0590-\u05ff]/u);
  });

  it("answers a GET with 405 and the method it takes", async () => {
    const response = await fetch(`${server.url}/admin/job-drill`, { headers: { Cookie: cookie } });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("POST");
  });

  it("sends a visitor who is not signed in to sign in, and runs nothing", async () => {
    const response = await fetch(`${server.url}/admin/job-drill`, {
      method: "POST",
      body: new URLSearchParams({ job: "card-renewals", at: "2026-12-01T06:00:00Z" }),
      redirect: "manual",
    });
    expect(response.status).toBe(302);
    expect(new URL(response.headers.get("Location")!, server.url).pathname).toBe("/login");
  });
});
