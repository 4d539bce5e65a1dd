/**
 * `npm run bench:tokens` (and the last part of `npm run bench`): what a turn costs with a model, and
 * what the server adds before a visitor sees its first word. It starts the production build against
 * the local OpenAI-compatible stand-in (tests/support/openai-stand-in.ts) streaming at a fixed rate:
 * the first word FIRST_WORD_MS after the request, then WORDS words at WORDS_PER_SECOND, and no usage,
 * so the server counts every turn's tokens itself (app/assistant/turn-tokens.server.ts).
 * VISITORS conversations at once, each of one of the four fixture businesses
 * (tests/fixtures/knowledge-base.ts, their passages as each client's knowledge) asking TURNS of its
 * questions in one session, history growing, then another conversation, CONVERSATIONS times each.
 * Visitors come as people do, not on one signal: each one's first message somewhen within the length
 * of one turn (STAGGER_MS, the stand-in's first word and its words), so that from then on VISITORS
 * streams are open at every moment. BENCH_TOKEN_STAGGER_MS=0 sends every first message at the same
 * instant instead: that measures how long the fiftieth waits behind the forty-nine, not a turn.
 * The fixture businesses are copied COPIES times, a client a conversation or so: one business's
 * retrievals wait in a line of two (app/assistant/retrieval.server.ts), and fifty conversations of
 * four businesses would measure that line, not a turn.
 * It reports:
 *   - the prompt tokens of every stored turn, median and p95 (goal: median at most 1,500);
 *   - the time the server adds before the first word: from the visitor's request to the first
 *     `delta` event it reads, less the stand-in's own time from the request it got to the first word
 *     it wrote (goal: p95 at most 25 ms at VISITORS at once), and the same for one conversation alone
 *     first: the floor on this machine as it is, which tells a busy machine from a server that queues.
 * On PostgreSQL when BENCH_DATABASE_URL or TEST_DATABASE_URL is given (a throwaway database beside it),
 * else on the embedded database.
 */
import { randomUUID } from "node:crypto";
import http from "node:http";
import { loadavg, availableParallelism } from "node:os";
import { monitorEventLoopDelay } from "node:perf_hooks";
import { isNotNull } from "drizzle-orm";
import { openDatabase } from "../db/connection.ts";
import { messages } from "../db/schema.ts";
import { FIXTURE_BUSINESSES, FIXTURE_QUESTIONS } from "../tests/fixtures/knowledge-base.ts";
import { percentile, prepareLoadClients } from "../tests/support/message-load.ts";
import { startOpenAiStandIn } from "../tests/support/openai-stand-in.ts";
import { onBenchDatabase, requireBuild, startBenchServer } from "./bench-server.ts";

const VISITORS = Number(process.env.BENCH_TOKEN_VISITORS || 50);
const TURNS = 3;
const CONVERSATIONS = 3;
const COPIES = Math.ceil(VISITORS / FIXTURE_BUSINESSES.length);
const FIRST_WORD_MS = 200;
const WORDS = 40;
const WORDS_PER_SECOND = 50;
const STAGGER_MS = Number(process.env.BENCH_TOKEN_STAGGER_MS ?? FIRST_WORD_MS + (WORDS / WORDS_PER_SECOND) * 1000);
const PROMPT_MEDIAN_GOAL = 1500;
const ADDED_P95_GOAL_MS = 25;
const postgresUrl = process.env.BENCH_DATABASE_URL || process.env.TEST_DATABASE_URL || "";

requireBuild("bench-tokens");

type Turn = { marker: string; sentAt: number; firstWordAt?: number; sessionId?: string; failure?: string };

/** One visitor message as a stream: when it was sent, when its first word came, and the session it is in. */
function ask(url: string, agent: http.Agent, body: Record<string, unknown>, address: string, marker: string) {
  const turn: Turn = { marker, sentAt: performance.now() };
  return new Promise<Turn>((resolve) => {
    const request = http.request(
      `${url}/api/wordpress/messages`,
      {
        method: "POST",
        agent,
        headers: { "Content-Type": "application/json", Accept: "text/event-stream", "X-Forwarded-For": address },
      },
      (response) => {
        let text = "";
        response.setEncoding("utf8");
        response.on("data", (chunk: string) => {
          text += chunk;
          if (turn.firstWordAt === undefined && text.includes("event: delta")) turn.firstWordAt = performance.now();
        });
        response.on("end", () => {
          const done = /^event: done\ndata: (.*)$/m.exec(text)?.[1];
          const reply = done ? (JSON.parse(done) as { sessionId: string; reply: string }) : undefined;
          turn.sessionId = reply?.sessionId;
          if (response.statusCode !== 200) turn.failure = `status ${response.statusCode}`;
          else if (!reply?.reply.startsWith("word")) turn.failure = "fallback or no answer";
          resolve(turn);
        });
      },
    );
    request.on("error", (error) => {
      turn.failure = error.message;
      resolve(turn);
    });
    request.end(JSON.stringify(body));
  });
}

/**
 * The visitors and the stand-in share this process: a late turn of its event loop reads a first
 * word late and counts as the server's. Its delay while the conversations run is printed beside.
 */
const benchLag = monitorEventLoopDelay({ resolution: 5 });

async function bench(label: string, serverEnv: Record<string, string>, licenses: string[]) {
  const model = await startOpenAiStandIn();
  model.answerAlways({
    kind: "steady",
    firstTokenMs: FIRST_WORD_MS,
    words: WORDS,
    wordsPerSecond: WORDS_PER_SECOND,
  });
  const server = await startBenchServer({ ...serverEnv, AI_BASE_URL: model.baseUrl, AI_MODEL: "test-model" });
  const agent = new http.Agent({ keepAlive: true, maxSockets: Infinity });
  let marker = 0;
  /** `visitors` conversations at once, each `CONVERSATIONS` times `TURNS` turns of its business's questions. */
  const converse = async (visitors: number, addressBlock: number) => {
    const turns: Turn[] = [];
    await Promise.all(
      Array.from({ length: visitors }, async (_, visitor) => {
        if (visitors > 1 && STAGGER_MS > 0)
          await new Promise((resolve) => setTimeout(resolve, (STAGGER_MS * visitor) / visitors));
        const business = FIXTURE_BUSINESSES[visitor % FIXTURE_BUSINESSES.length]!;
        const questions = FIXTURE_QUESTIONS.filter((question) => question.business === business.businessName);
        for (let conversation = 0; conversation < CONVERSATIONS; conversation++) {
          let sessionId: string | undefined;
          // Each conversation its own visitor address: no per-address limit is what this measures.
          const address = `10.${addressBlock}.${conversation}.${visitor + 1}`;
          for (let index = 0; index < TURNS; index++) {
            const question = questions[(conversation * TURNS + index + visitor) % questions.length]!.question;
            // The marker tells the stand-in's record of this turn from the others.
            const tag = `#${++marker}`;
            const turn = await ask(
              server.url,
              agent,
              { license: licenses[visitor], clientMessageId: randomUUID(), message: `${question} ${tag}`, sessionId },
              address,
              tag,
            );
            turns.push(turn);
            sessionId = turn.sessionId ?? sessionId;
          }
        }
      }),
    );
    return turns;
  };
  let alone: Turn[];
  let together: Turn[];
  try {
    // A first turn loads the tokenizer and warms the server: not measured.
    await ask(
      server.url,
      agent,
      { license: licenses[0], clientMessageId: randomUUID(), message: "שלום" },
      "10.77.0.1",
      "",
    );
    // One conversation alone: what the server adds on this machine as it is, with no other visitor.
    alone = await converse(1, 78);
    benchLag.enable();
    together = await converse(VISITORS, 79);
    benchLag.disable();
  } catch (error) {
    console.error(server.output());
    throw error;
  } finally {
    agent.destroy();
    await server.stop();
    await model.close();
  }

  // The stand-in's own time to the first word, by the marker at the end of the visitor's message.
  const modelFirstWord = new Map<string, number>();
  for (const request of model.received) {
    const last = request.body.messages.at(-1)?.content;
    const tag = typeof last === "string" ? /#\d+$/.exec(last)?.[0] : undefined;
    if (tag && request.firstWordAt !== undefined) modelFirstWord.set(tag, request.firstWordAt - request.receivedAt);
  }
  const addedBy = (turns: Turn[]) =>
    turns.flatMap((turn) => {
      const own = modelFirstWord.get(turn.marker);
      return turn.firstWordAt === undefined || own === undefined ? [] : [turn.firstWordAt - turn.sentAt - own];
    });
  const turns = [...alone, ...together];
  const added = { alone: addedBy(alone), together: addedBy(together) };

  const handle = await openDatabase(
    serverEnv.DATABASE_URL ? { url: serverEnv.DATABASE_URL } : { dataDir: serverEnv.DATA_DIR! },
  );
  try {
    const stored = await handle.db
      .select({ prompt: messages.promptTokens, countedBy: messages.tokensCountedBy })
      .from(messages)
      .where(isNotNull(messages.promptTokens));
    return { label, turns, added, stored };
  } finally {
    await handle.close();
  }
}

async function prepareClients(db: Parameters<typeof prepareLoadClients>[0]) {
  const licenses: string[] = [];
  for (let copy = 0; copy < COPIES; copy++) licenses.push(...(await prepareLoadClients(db)));
  return licenses;
}

const loadBefore = loadavg()[0]!;
const result = await onBenchDatabase("bench-tokens", postgresUrl, prepareClients, bench);

const prompts = result.stored.map((row) => row.prompt!);
const counters = [...new Set(result.stored.map((row) => row.countedBy))].join(", ");
const failures = new Map<string, number>();
for (const turn of result.turns) if (turn.failure) failures.set(turn.failure, (failures.get(turn.failure) ?? 0) + 1);
const promptMedian = percentile(prompts, 0.5);
const addedP95 = percentile(result.added.together, 0.95);
const verdict = (met: boolean) => (met ? "met" : "NOT met");
const rows: [string, string, string][] = [
  [
    "turns stored with tokens (the warm-up too)",
    `${prompts.length} of ${result.turns.length + 1}`,
    `counted by: ${counters || "-"}`,
  ],
  [
    "prompt tokens a turn, median",
    String(promptMedian),
    `≤ ${PROMPT_MEDIAN_GOAL}: ${verdict(promptMedian <= PROMPT_MEDIAN_GOAL)}`,
  ],
  ["prompt tokens a turn, p95", String(percentile(prompts, 0.95)), ""],
  ["prompt tokens a turn, most", String(Math.max(0, ...prompts)), ""],
  [
    `one conversation alone: server adds, p50 / p95 (${result.added.alone.length} turns)`,
    `${percentile(result.added.alone, 0.5).toFixed(1)} / ${percentile(result.added.alone, 0.95).toFixed(1)} ms`,
    "",
  ],
  [
    `${VISITORS} at once: server adds before the first word, p50`,
    `${percentile(result.added.together, 0.5).toFixed(1)} ms`,
    "",
  ],
  [
    `${VISITORS} at once: server adds, p95 (${result.added.together.length} turns)`,
    `${addedP95.toFixed(1)} ms`,
    `≤ ${ADDED_P95_GOAL_MS} ms: ${verdict(addedP95 <= ADDED_P95_GOAL_MS)}`,
  ],
  [
    `${VISITORS} at once: the bench's own event loop delay, p50 / p99`,
    `${(benchLag.percentile(50) / 1e6).toFixed(1)} / ${(benchLag.percentile(99) / 1e6).toFixed(1)} ms`,
    "counted in the line above",
  ],
];
console.log(
  `\nA turn with a model (stand-in: first word after ${FIRST_WORD_MS} ms, ${WORDS} words at ${WORDS_PER_SECOND}/s), ` +
    `${result.label} database, ${VISITORS} conversations at once of ${FIXTURE_BUSINESSES.length} fixture businesses ` +
    `(the first messages ${STAGGER_MS > 0 ? `spread over ${STAGGER_MS} ms` : "all at the same instant"}) ` +
    `(${COPIES} copies each), ${TURNS} turns each, ${CONVERSATIONS} times`,
);
console.log(`Load average before the run: ${loadBefore.toFixed(1)} on ${availableParallelism()} cores.`);
console.log(`${"figure".padEnd(64)}${"measured".padEnd(16)}goal`);
for (const [name, value, goal] of rows) console.log(`${name.padEnd(64)}${value.padEnd(16)}${goal}`);
if (failures.size) console.log(`turns not answered by the model: ${JSON.stringify(Object.fromEntries(failures))}`);
