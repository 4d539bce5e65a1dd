import { randomUUID } from "node:crypto";
import { createServer, request as forward, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { MESSAGES_PER_ADDRESS_PER_MINUTE } from "~/conversations/message-admission.server.ts";
import { postgresBinDir, startPostgresCluster, type PostgresCluster } from "../../support/postgres-cluster.ts";
import { startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";
import { demoLicense, login, postMessage, visitorIp } from "../../support/traffic.ts";

const SHARED = {
  NODE_ENV: "production",
  SESSION_SECRET: "a-two-servers-session-secret-0123456789",
  CREDENTIALS_KEY: "ef".repeat(32),
  SEED_DEMO: "true",
};

/** A round-robin proxy in front of the app servers, as a load balancer would be; it counts what each one got. */
async function roundRobin(backends: string[]) {
  const served = backends.map(() => 0);
  let next = 0;
  const proxy: Server = createServer((incoming, outgoing) => {
    const index = next++ % backends.length;
    served[index]!++;
    const target = new URL(incoming.url ?? "/", backends[index]);
    const upstream = forward(target, { method: incoming.method, headers: incoming.headers }, (answer) => {
      outgoing.writeHead(answer.statusCode ?? 502, answer.headers);
      answer.pipe(outgoing);
    });
    upstream.on("error", () => outgoing.writeHead(502).end());
    incoming.pipe(upstream);
  });
  await new Promise<void>((resolve) => proxy.listen(0, "127.0.0.1", resolve));
  return {
    url: `http://127.0.0.1:${(proxy.address() as AddressInfo).port}`,
    served,
    close: () => new Promise<void>((resolve) => proxy.close(() => resolve())),
  };
}

/**
 * Two app servers on one PostgreSQL behind a round-robin proxy: they keep no state of their own, so
 * an operator's session works on both, rate limits count across both, each scheduled job runs once,
 * and a message retried on the other server is answered once.
 */
describe.runIf(postgresBinDir())("two app servers on one PostgreSQL", () => {
  let cluster: PostgresCluster;
  let url: string;
  let servers: RunningServer[] = [];
  let proxy: Awaited<ReturnType<typeof roundRobin>>;
  let sql: postgres.Sql;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    sql = postgres(cluster.url, { max: 1, onnotice: () => {} });
    await sql.unsafe("create database alex");
    await sql.end();
    url = cluster.databaseUrl("alex");
    sql = postgres(url, { max: 2, onnotice: () => {} });
    // Started together on an empty database, as in a fresh deployment: migrations and the demo data happen once.
    servers = await Promise.all([0, 1].map(() => startServer({ ...SHARED, DATABASE_URL: url })));
    proxy = await roundRobin(servers.map((server) => server.url));
  }, 120_000);

  afterAll(async () => {
    await proxy?.close();
    await Promise.all(servers.map((server) => server.stop()));
    await sql?.end();
    await cluster?.destroy();
  });

  it("seeds the demo data once although both started together", async () => {
    const [row] = await sql<{ clients: number; demo: number }[]>`
      select count(*) filter (where not is_demo)::int as clients, count(*) filter (where is_demo)::int as demo from clients`;
    const [again] = await sql<{ business: number }[]>`
      select count(*)::int as business from (select business_name from clients group by business_name having count(*) > 1) d`;
    expect(row!.demo).toBe(1);
    expect(row!.clients).toBeGreaterThan(0);
    expect(again!.business).toBe(0);
  });

  it("keeps an operator signed in on both servers", async () => {
    const cookie = await login(proxy.url, TEST_ADMIN);
    const before = [...proxy.served];
    for (let i = 0; i < 4; i++) {
      const page = await fetch(`${proxy.url}/admin/dashboard`, { headers: { Cookie: cookie }, redirect: "manual" });
      expect(page.status).toBe(200);
    }
    expect(proxy.served.map((count, index) => count - before[index]!)).toEqual([2, 2]);
    for (const server of servers) {
      expect((await fetch(`${server.url}/api/stats`, { headers: { Cookie: cookie } })).status).toBe(200);
    }
  });

  it("counts one visitor's messages against one limit across both servers", async () => {
    const license = await demoLicense(proxy.url);
    const ip = visitorIp();
    const statuses: number[] = [];
    for (let i = 0; i <= MESSAGES_PER_ADDRESS_PER_MINUTE; i++) {
      statuses.push((await postMessage(proxy.url, { license, message: "שלום" }, { ip })).status);
    }
    expect(statuses.slice(0, MESSAGES_PER_ADDRESS_PER_MINUTE).every((status) => status === 200)).toBe(true);
    expect(statuses.at(-1)).toBe(429);
  });

  it("answers a message retried on the other server once, even when both get it at the same time", async () => {
    const license = await demoLicense(servers[0]!.url);
    const clientMessageId = randomUUID();
    const first = await postMessage(servers[0]!.url, { license, clientMessageId, message: "כמה עולה המנוי?" });
    const retry = await postMessage(servers[1]!.url, { license, clientMessageId, message: "כמה עולה המנוי?" });
    expect(first.status).toBe(200);
    expect(JSON.parse(retry.body)).toEqual(JSON.parse(first.body));

    const together = randomUUID();
    const both = await Promise.all(
      servers.map((server) =>
        postMessage(server.url, { license, clientMessageId: together, message: "איך מתקינים את התוסף?" }),
      ),
    );
    expect(both.map((outcome) => outcome.status)).toEqual([200, 200]);
    expect(JSON.parse(both[1]!.body)).toEqual(JSON.parse(both[0]!.body));
    const rows = await sql`select id from messages where client_message_id in ${sql([clientMessageId, together])}`;
    expect(rows).toHaveLength(2);
  });

  it("ran each scheduled job once per slot", async () => {
    const runs = await sql<{ job_name: string; runs: number }[]>`
      select job_name, count(*)::int as runs from job_runs group by job_name, slot`;
    expect(runs.length).toBeGreaterThanOrEqual(3);
    expect(runs.filter((run) => run.runs !== 1)).toEqual([]);
  });

  it("refuses to start in production on PostgreSQL without CREDENTIALS_KEY", async () => {
    const started = startServer({ ...SHARED, DATABASE_URL: url, CREDENTIALS_KEY: "" });
    await expect(started).rejects.toThrow(/exited \(1\)[\s\S]*CREDENTIALS_KEY: is required in production/);
  });
});
