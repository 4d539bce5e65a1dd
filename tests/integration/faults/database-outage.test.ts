import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { postgresBinDir, startPostgresCluster, type PostgresCluster } from "../../support/postgres-cluster.ts";
import { startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";
import { demoLicense, keepSending, login, postMessage, sleep, timed, type Outcome } from "../../support/traffic.ts";

/** The longest any request may take while the database is gone: it must fail fast, not hang. */
const FAIL_FAST_MS = 5000;

/**
 * PostgreSQL stops under traffic and comes back: every request during the outage is answered (a
 * 503 in the caller's language, the error page's 503 for a document) within 5 s, /healthz says 503,
 * the server serves again by itself once PostgreSQL returns, and every message answered before the
 * stop is stored whole.
 */
describe.runIf(postgresBinDir())("PostgreSQL stops under traffic", () => {
  let cluster: PostgresCluster;
  let server: RunningServer;
  let sql: postgres.Sql;

  beforeAll(async () => {
    cluster = await startPostgresCluster();
    const admin = postgres(cluster.url, { max: 1, onnotice: () => {} });
    await admin.unsafe("create database alex");
    await admin.end();
    server = await startServer({
      DATABASE_URL: cluster.databaseUrl("alex"),
      SESSION_SECRET: "a-faults-test-session-secret-0123456789",
      CREDENTIALS_KEY: "cd".repeat(32),
      SEED_DEMO: "true",
    });
  }, 120_000);

  afterAll(async () => {
    await sql?.end();
    await server?.stop();
    await cluster?.destroy();
  });

  it("answers 503 fast while it is down, recovers by itself, and loses nothing", async () => {
    const base = server.url;
    const license = await demoLicense(base);
    const cookie = await login(base, TEST_ADMIN);
    const dashboard = () => timed("dashboard", () => fetch(`${base}/admin/dashboard`, { headers: { Cookie: cookie } }));
    const health = () => timed("health", () => fetch(`${base}/healthz`));
    const message = () => postMessage(base, { license, message: "כמה עולה המנוי?" });
    const stream = () =>
      postMessage(base, { license, message: "How do I install it?" }, { accept: "text/event-stream" });
    const kinds = [message, message, stream, dashboard, health];
    let turn = 0;
    const traffic = keepSending(4, () => kinds[turn++ % kinds.length]!());

    await sleep(1500);
    const stoppedAt = Date.now();
    await cluster.stop();
    await sleep(3000);
    const restartedAt = Date.now();
    await cluster.start();
    const back = Date.now();
    // Recovery: from PostgreSQL accepting connections again to the server's first stored message.
    let recoveredAt = 0;
    while (!recoveredAt && Date.now() - back < 30_000) {
      const probe = await message();
      if (probe.status === 200) recoveredAt = Date.now();
      else await sleep(50);
    }
    await sleep(1000);
    const outcomes = await traffic.stop();

    const during = outcomes.filter((o) => o.startedAt > stoppedAt + 200 && o.startedAt + o.ms < restartedAt);
    const report = summarise(outcomes);
    console.info(
      `PostgreSQL outage: ${outcomes.length} requests, ${during.length} during the outage (slowest ${Math.max(...during.map((o) => o.ms))} ms); ` +
        `PostgreSQL up again in ${back - restartedAt} ms, first message stored ${recoveredAt - back} ms later. ${report}`,
    );

    expect(server.process.exitCode, server.output().slice(-3000)).toBeNull();
    expect(recoveredAt, "the server served messages again by itself").toBeGreaterThan(0);
    expect(recoveredAt - back).toBeLessThan(5000);
    // Nothing unanswered, no 500, nothing slow, at any time.
    for (const outcome of outcomes) {
      expect(outcome.status, `${outcome.kind}: ${outcome.body.slice(0, 200)}`).not.toBe(0);
      expect([200, 302, 503], `${outcome.kind}: ${outcome.body.slice(0, 200)}`).toContain(outcome.status);
      expect(outcome.ms, outcome.kind).toBeLessThan(FAIL_FAST_MS);
    }
    expect(during.length).toBeGreaterThan(10);
    const failed = (kind: string) => during.filter((o) => o.kind === kind && o.status === 503);
    expect(failed("health").length).toBeGreaterThan(0);
    expect(failed("message").length).toBeGreaterThan(0);
    for (const outcome of failed("message")) {
      expect(JSON.parse(outcome.body)).toEqual({ error: expect.stringMatching(/[\u0590-\u05ff]/) });
    }
    for (const outcome of failed("dashboard")) expect(outcome.body).toContain("503");

    // What was answered is stored, whole; the sessions' counters match their messages.
    sql = postgres(cluster.databaseUrl("alex"), { max: 1, onnotice: () => {} });
    // A stream that started before the stop ends with an `error` event (in the visitor's language) when
    // storing fails; the widget's retry with the same clientMessageId then gets the stored answer.
    const streams = outcomes.filter((o) => o.kind === "stream" && o.status === 200);
    for (const o of streams) expect(o.body).toMatch(/^event: (done|error)$/m);
    const answered = outcomes.filter(
      (o) => (o.kind === "message" && o.status === 200) || (o.kind === "stream" && /^event: done$/m.test(o.body)),
    );
    const ids = answered.map((o) => o.clientMessageId!);
    const stored = await sql<{ client_message_id: string; ai_response: string }[]>`
      select client_message_id, ai_response from messages where client_message_id in ${sql(ids)}`;
    const storedIds = new Set(stored.map((row) => row.client_message_id));
    expect(ids.filter((id) => !storedIds.has(id))).toEqual([]);
    expect(stored.filter((row) => !row.ai_response)).toEqual([]);
    const drift = await sql`
      select s.id from chat_sessions s left join messages m on m.session_id = s.id
      group by s.id having s.message_count <> count(m.id)`;
    expect(drift).toEqual([]);
  }, 90_000);
});

function summarise(outcomes: Outcome[]) {
  const counts = new Map<string, number>();
  for (const o of outcomes) counts.set(`${o.kind} ${o.status}`, (counts.get(`${o.kind} ${o.status}`) ?? 0) + 1);
  return [...counts].map(([key, count]) => `${key}: ${count}`).join(", ");
}
