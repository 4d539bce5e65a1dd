/**
 * `npm run bench:inbox`: the team inbox under a working day's load, on PostgreSQL with two app servers
 * (BENCH_DATABASE_URL or TEST_DATABASE_URL; a throwaway database beside it). INBOX_PEOPLE (default 50)
 * people have the inbox open, half on each server: each an /admin/live stream, and each reloading the
 * inbox's data when a message, session or hand-over event arrives, at most once a second (200 ms
 * after the last for a hand-over) and cutting short a reload still under way, as the page does
 * (app/live/live-events.tsx). Meanwhile VISITORS
 * (default 500) visitors chat with the four fixture businesses through both servers, as people do:
 * each arrives within the first think time and writes again after reading the answer and typing the
 * next question (a think time of THINK_MS, default 20 s, give or take half: a busy crowd, for a chat
 * visitor writes about twice a minute). Among them, ASKING (default 50) ask for a person after
 * their first question. For each request it reports, p50 and p95:
 *   - the time from the visitor's request to the `handoff` event on every open inbox (the slowest);
 *   - the time to the row on every inbox: until the last of the people got a reload with the
 *     conversation in it (goal: p95 under 1 s on this machine).
 * BENCH_THINK_MS=0 sends every message at once instead, as fast as the servers take them: a crowd
 * no chat sees, which measures the servers' queue more than the inbox.
 * Build first (npm run build).
 */
import { randomBytes, randomUUID } from "node:crypto";
import http from "node:http";
import { availableParallelism, loadavg, tmpdir } from "node:os";
import { mkdtempSync, rmSync } from "node:fs";
import path from "node:path";
import { FIXTURE_QUESTIONS } from "../tests/fixtures/knowledge-base.ts";
import { percentile, prepareLoadClients } from "../tests/support/message-load.ts";
import { onBenchDatabase, requireBuild, startBenchServer, type BenchServer } from "./bench-server.ts";

const INBOX_PEOPLE = Number(process.env.BENCH_INBOX_PEOPLE || 50);
const VISITORS = Number(process.env.BENCH_VISITORS || 500);
const ASKING = Number(process.env.BENCH_ASKING || 50);
const TURNS = 3;
const THINK_MS = Number(process.env.BENCH_THINK_MS ?? 20_000);
const RELOAD_EVERY_MS = 1000;
const URGENT_RELOAD_MS = 200;
const ROW_P95_GOAL_MS = 1000;
const operator = { username: "bench-inbox", password: randomBytes(18).toString("base64url") };
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "";

requireBuild("bench-inbox");
if (!postgresUrl) {
  console.error("bench-inbox: two app servers share one database: set BENCH_DATABASE_URL or TEST_DATABASE_URL.");
  process.exit(1);
}

async function signIn(url: string) {
  const response = await fetch(`${url}/login`, {
    method: "POST",
    body: new URLSearchParams(operator),
    redirect: "manual",
  });
  const cookie = response.headers.getSetCookie().find((value) => value.startsWith("alex_session="));
  if (response.status !== 302 || !cookie) throw new Error(`POST /login answered ${response.status}.`);
  return cookie.split(";")[0]!;
}

const INBOX_EVENTS = ["message", "session", "handoff"];
/** How long each inbox reload took, of every person. */
const reloads: number[] = [];

type Inbox = {
  /** When this person first heard that a conversation waits, by session. */
  heard: Map<string, number>;
  /** When this person's inbox first showed a conversation's row, by session. */
  shown: Map<string, number>;
  close: () => void;
};

/**
 * One person's open inbox: its live stream, and the reloads of its data the stream's events cause.
 * `watch` names the conversations whose row is looked for in each reload.
 */
function openInbox(url: string, cookie: string, agent: http.Agent, watch: Set<string>, onNews: () => void) {
  const inbox: Inbox = { heard: new Map(), shown: new Map(), close: () => {} };
  let last = 0;
  let pending: { timer: NodeJS.Timeout; at: number } | undefined;
  let reloading: AbortController | undefined;
  let closed = false;
  const reload = async () => {
    pending = undefined;
    last = performance.now();
    reloading?.abort();
    const controller = new AbortController();
    reloading = controller;
    try {
      const began = performance.now();
      const response = await fetch(`${url}/admin/inbox.data`, {
        headers: { Cookie: cookie },
        signal: controller.signal,
      });
      const body = await response.text();
      reloads.push(performance.now() - began);
      const now = performance.now();
      for (const sessionId of watch)
        if (!inbox.shown.has(sessionId) && body.includes(sessionId)) inbox.shown.set(sessionId, now);
      onNews();
    } catch (error) {
      if (!controller.signal.aborted) throw error;
    }
  };
  const eventArrived = (type: string) => {
    if (closed) return;
    const at = last + (type === "handoff" ? URGENT_RELOAD_MS : RELOAD_EVERY_MS);
    if (pending && pending.at <= at) return;
    if (pending) clearTimeout(pending.timer);
    pending = { timer: setTimeout(() => void reload(), Math.max(0, at - performance.now())), at };
  };
  return new Promise<Inbox>((resolve, reject) => {
    const request = http.get(`${url}/admin/live`, { agent, headers: { Cookie: cookie, Accept: "text/event-stream" } });
    inbox.close = () => {
      closed = true;
      if (pending) clearTimeout(pending.timer);
      reloading?.abort();
      request.destroy();
    };
    request.once("error", reject);
    request.once("response", (response) => {
      if (response.statusCode !== 200) return reject(new Error(`GET /admin/live answered ${response.statusCode}`));
      response.setEncoding("utf8");
      let buffer = "";
      let opened = false;
      response.on("data", (chunk: string) => {
        buffer += chunk;
        if (!opened) {
          opened = true;
          resolve(inbox);
        }
        let end: number;
        while ((end = buffer.indexOf("\n\n")) !== -1) {
          const block = buffer.slice(0, end);
          buffer = buffer.slice(end + 2);
          const type = block
            .split("\n")
            .find((line) => line.startsWith("event: "))
            ?.slice(7);
          if (!type || !INBOX_EVENTS.includes(type)) continue;
          eventArrived(type);
          if (type !== "handoff") continue;
          const data = block.split("\n").find((line) => line.startsWith("data: "));
          if (!data) continue;
          const event = JSON.parse(data.slice(6)) as { sessionId: string; state?: string };
          if (event.state === "waiting" && !inbox.heard.has(event.sessionId)) {
            inbox.heard.set(event.sessionId, performance.now());
            onNews();
          }
        }
      });
    });
  });
}

/** A think time: THINK_MS, give or take half. */
const think = () =>
  THINK_MS === 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, THINK_MS * (0.5 + Math.random())));

let visitorNumber = 0;
async function say(server: BenchServer, license: string, message: string, sessionId: string | null) {
  visitorNumber += 1;
  const response = await fetch(`${server.url}/api/wordpress/messages`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      "X-Forwarded-For": `10.88.${(visitorNumber >> 8) & 255}.${visitorNumber & 255}`,
    },
    body: JSON.stringify({ license, sessionId, clientMessageId: randomUUID(), message }),
  });
  if (!response.ok) throw new Error(`POST /api/wordpress/messages answered ${response.status}`);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

async function bench(label: string, serverEnv: Record<string, string>, licenses: string[]) {
  // Both servers sign the same sessions and read the same database; each its own folder.
  const shared = {
    ...serverEnv,
    ADMIN_USERNAME: operator.username,
    ADMIN_PASSWORD: operator.password,
    SESSION_SECRET: randomBytes(32).toString("hex"),
    CREDENTIALS_KEY: randomBytes(32).toString("hex"),
  };
  const folders = [0, 1].map(() => mkdtempSync(path.join(tmpdir(), "alex-bench-inbox-")));
  const servers = [
    await startBenchServer({ ...shared, DATA_DIR: folders[0]! }),
    await startBenchServer({ ...shared, DATA_DIR: folders[1]! }),
  ];
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  const inboxes: Inbox[] = [];
  try {
    const cookie = await signIn(servers[0]!.url);
    const watched = new Set<string>();
    /** Each waiting conversation's check: has every inbox heard of it, and shown its row? */
    const checks = new Map<string, () => void>();
    const news = () => {
      for (const check of checks.values()) check();
    };
    for (let person = 0; person < INBOX_PEOPLE; person++)
      inboxes.push(await openInbox(servers[person % 2]!.url, cookie, agent, watched, news));

    const questions = FIXTURE_QUESTIONS.map((question) => question.question);
    let messages = 0;
    const chat = async (visitor: number) => {
      await arrive();
      const server = servers[visitor % 2]!;
      const license = licenses[visitor % licenses.length]!;
      let sessionId: string | null = null;
      for (let turn = 0; turn < TURNS; turn++) {
        if (turn > 0) await think();
        sessionId = await say(server, license, questions[(visitor + turn) % questions.length]!, sessionId);
        messages += 1;
      }
    };
    const toEveryInbox: number[] = [];
    const toEveryRow: number[] = [];
    const ask = async (asker: number) => {
      await arrive();
      const server = servers[asker % 2]!;
      const license = licenses[asker % licenses.length]!;
      const sessionId = await say(server, license, questions[asker % questions.length]!, null);
      messages += 1;
      await think();
      watched.add(sessionId);
      const sent = performance.now();
      const everywhere = new Promise<void>((resolve, reject) => {
        const timer = setTimeout(() => {
          const shown = inboxes.filter((inbox) => inbox.shown.has(sessionId)).length;
          reject(new Error(`a request for a person reached ${shown} of ${INBOX_PEOPLE} inboxes' rows in 20 s`));
        }, 20_000);
        timer.unref();
        checks.set(sessionId, () => {
          if (!inboxes.every((inbox) => inbox.heard.has(sessionId) && inbox.shown.has(sessionId))) return;
          checks.delete(sessionId);
          clearTimeout(timer);
          resolve();
        });
      });
      await say(server, license, "אני רוצה לדבר עם נציג, בבקשה", sessionId);
      messages += 1;
      checks.get(sessionId)?.();
      await everywhere;
      toEveryInbox.push(Math.max(...inboxes.map((inbox) => inbox.heard.get(sessionId)!)) - sent);
      toEveryRow.push(Math.max(...inboxes.map((inbox) => inbox.shown.get(sessionId)!)) - sent);
    };

    const started = performance.now();
    await Promise.all([
      ...Array.from({ length: VISITORS - ASKING }, (_, visitor) => chat(visitor)),
      ...Array.from({ length: ASKING }, (_, asker) => ask(asker)),
    ]);
    const seconds = (performance.now() - started) / 1000;
    return { label, seconds, messages, toEveryInbox, toEveryRow };
  } catch (error) {
    for (const server of servers) console.error(server.output());
    throw error;
  } finally {
    for (const inbox of inboxes) inbox.close();
    agent.destroy();
    await Promise.all(servers.map((server) => server.stop()));
    for (const folder of folders) rmSync(folder, { recursive: true, force: true });
  }
}

/** A visitor's first message: somewhen within the first think time, as people come and go. */
const arrive = () =>
  THINK_MS === 0 ? Promise.resolve() : new Promise((resolve) => setTimeout(resolve, THINK_MS * Math.random()));

const loadBefore = loadavg()[0]!;
const result = await onBenchDatabase("bench-inbox", postgresUrl, prepareLoadClients, bench);
const rowP95 = percentile(result.toEveryRow, 0.95);
const load =
  THINK_MS === 0
    ? "every message at once"
    : `a think time of ${(THINK_MS / 1000).toFixed(0)} s between messages: ${(result.messages / result.seconds).toFixed(0)} messages/s`;
console.log(
  `\nThe inbox, ${result.label} database, two app servers: ${INBOX_PEOPLE} people with it open, ${VISITORS} visitors ` +
    `(${ASKING} asking for a person), ${load}, ${result.messages} messages in ${result.seconds.toFixed(1)} s; ` +
    `load average ${loadBefore.toFixed(1)} before, ${loadavg()[0]!.toFixed(1)} after, on ${availableParallelism()} cores`,
);
const line = (figure: string, values: number[], goal = "") =>
  console.log(
    `${figure.padEnd(48)}${`${percentile(values, 0.5).toFixed(0)} ms`.padEnd(12)}${`${percentile(values, 0.95).toFixed(0)} ms`.padEnd(12)}${goal}`,
  );
console.log(`${"figure".padEnd(48)}${"p50".padEnd(12)}${"p95".padEnd(12)}goal`);
line("request for a person → every inbox heard", result.toEveryInbox);
line(
  "request for a person → the row on every inbox",
  result.toEveryRow,
  `p95 < ${ROW_P95_GOAL_MS} ms: ${rowP95 < ROW_P95_GOAL_MS ? "met" : "NOT met"}`,
);
line(`an inbox's reload of its data (${reloads.length} in all)`, reloads);
