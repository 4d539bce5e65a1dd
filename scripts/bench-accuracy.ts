/**
 * `npm run bench`'s accuracy step: the built-in responder (no model) answers every question of the
 * repository's fixture businesses (tests/fixtures/knowledge-base.ts) through the chat API of a
 * production server, and an answer counts when it holds the expected passage's fact, matched the way a
 * business's own test questions are (app/test-questions/fact-match.server.ts). A fixture question
 * names the passage it should be answered from; its facts are that passage's sentences, each by its
 * first words (at most FACT_WORDS), since the built-in responder quotes the part of a long passage that
 * speaks of the question. Printed per language, on the embedded database: this measures answers, not speed.
 */
import { randomUUID } from "node:crypto";
import { holdsFact } from "../app/test-questions/fact-match.server.ts";
import { FIXTURE_BUSINESSES, FIXTURE_QUESTIONS } from "../tests/fixtures/knowledge-base.ts";
import { prepareLoadClients } from "../tests/support/message-load.ts";
import { onBenchDatabase, requireBuild, startBenchServer } from "./bench-server.ts";

const FACT_WORDS = 5;
const HEBREW = /[\u0590-\u05FF]/;

requireBuild("bench-accuracy");

const factsOf = (content: string) =>
  content
    .split(/[.!?\n]/)
    .map((sentence) => sentence.trim().split(/\s+/).slice(0, FACT_WORDS).join(" "))
    .filter((fact) => /[\p{L}\d]/u.test(fact));

type Tally = { held: number; total: number; misses: string[] };

async function ask(url: string, license: string, message: string, visitor: number) {
  const response = await fetch(`${url}/api/wordpress/messages`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      Accept: "application/json",
      // Each question a visitor of its own: the limits on new conversations stay out of it.
      "X-Forwarded-For": `10.9.${Math.floor(visitor / 250)}.${(visitor % 250) + 1}`,
    },
    body: JSON.stringify({ license, sessionId: null, clientMessageId: randomUUID(), message }),
  });
  if (!response.ok) throw new Error(`The chat API answered ${response.status} to "${message}"`);
  return ((await response.json()) as { reply: string }).reply;
}

const tallies = await onBenchDatabase("bench-accuracy", "", prepareLoadClients, async (_label, env, licenses) => {
  const server = await startBenchServer(env);
  const tally: Record<"he" | "en", Tally> = {
    he: { held: 0, total: 0, misses: [] },
    en: { held: 0, total: 0, misses: [] },
  };
  try {
    let visitor = 0;
    for (const { business, question, expectedTopic } of FIXTURE_QUESTIONS) {
      const index = FIXTURE_BUSINESSES.findIndex((row) => row.businessName === business);
      const passage = FIXTURE_BUSINESSES[index]!.passages.find((row) => row.topic === expectedTopic)!;
      const facts = factsOf(passage.content);
      const reply = await ask(server.url, licenses[index]!, question, visitor++);
      const language = HEBREW.test(question) ? "he" : "en";
      tally[language].total += 1;
      if (facts.some((fact) => holdsFact(reply, fact))) tally[language].held += 1;
      else
        tally[language].misses.push(
          `${question} (expected "${facts[0]}…", from "${expectedTopic}"): answered "${reply.slice(0, 80)}…"`,
        );
    }
  } finally {
    await server.stop();
  }
  return tally;
});

for (const [language, { held, total, misses }] of Object.entries(tallies)) {
  const share = total === 0 ? 0 : (held / total) * 100;
  console.log(
    `accuracy (${language}, built-in responder): ${held}/${total} answers hold the expected fact = ${share.toFixed(1)}%` +
      (misses.length ? `\n  missed: ${misses.join("\n  missed: ")}` : ""),
  );
}
