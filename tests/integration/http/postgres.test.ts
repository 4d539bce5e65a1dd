import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";

const serverUrl = process.env.TEST_DATABASE_URL;

/** The whole product on the real PostgreSQL server: migrations, demo seed, login and the dashboard. */
describe.runIf(serverUrl)("the product on PostgreSQL", () => {
  const name = `alex_server_${process.pid}_${Date.now()}`;
  let admin: postgres.Sql;
  let server: RunningServer;

  beforeAll(async () => {
    admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${name}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${name}`;
    server = await startServer({
      DATABASE_URL: url.toString(),
      SESSION_SECRET: "a-postgres-test-session-secret-0123456789",
      CREDENTIALS_KEY: "ab".repeat(32),
      SEED_DEMO: "true",
    });
  });

  afterAll(async () => {
    await server?.stop();
    await admin?.unsafe(`drop database if exists ${name} with (force)`);
    await admin?.end();
  });

  it("serves health, login and the dashboard from PostgreSQL", async () => {
    expect((await fetch(`${server.url}/healthz`)).status).toBe(200);
    const login = await fetch(`${server.url}/login`, {
      method: "POST",
      body: new URLSearchParams(TEST_ADMIN),
      redirect: "manual",
    });
    expect(login.status).toBe(302);
    const cookie = login.headers
      .getSetCookie()
      .find((value) => value.startsWith("alex_session="))!
      .split(";")[0]!;
    const stats = await fetch(`${server.url}/api/stats`, { headers: { Cookie: cookie } });
    expect(stats.status).toBe(200);
    expect(((await stats.json()) as { activeClients: number }).activeClients).toBeGreaterThan(0);
    const dashboard = await fetch(`${server.url}/admin/dashboard`, { headers: { Cookie: cookie } });
    expect(await dashboard.text()).toContain("Alex AI");
  });
});
