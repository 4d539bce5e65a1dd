import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readCorpus, seedAdvice, seedRuns } from "./seed-corpus.ts";

describe("the hostile suite's seed corpus", () => {
  it("holds every seed that found a defect, each once, with what it found", () => {
    const corpus = readCorpus();
    expect(corpus.map((entry) => entry.seed)).toContain(1575953225);
  });

  it("replays the corpus before one random seed, and a replay alone when HOSTILE_SEED is set", () => {
    const corpus = readCorpus();
    const runs = seedRuns({ corpus, runs: 16, randomSeed: 42 });
    expect(runs.map((run) => [run.kind, run.seed])).toEqual([
      ...corpus.map((entry) => ["corpus", entry.seed]),
      ["random", 42],
    ]);
    expect(seedRuns({ corpus, runs: 500, replaySeed: 7, randomSeed: 42 })).toEqual([
      { kind: "replay", seed: 7, runs: 500 },
    ]);
  });

  it("tells how to replay a failure, and how to keep a random one", () => {
    const [corpusRun, randomRun] = seedRuns({
      corpus: [{ seed: 5, runs: 16, date: "2026-11-24", found: "a reset instead of a 413" }],
      runs: 16,
      randomSeed: 99,
    });
    expect(seedAdvice(corpusRun!)).toMatch(
      /^Corpus seed 5 fails again \(it once found: a reset instead of a 413\)\. Replay: HOSTILE_SEED=5 HOSTILE_RUNS=16/,
    );
    expect(seedAdvice(randomRun!)).toMatch(
      /^Random seed 99 found this\. Replay: HOSTILE_SEED=99 .* add \{"seed":99,"runs":16,"date":"\d{4}-\d\d-\d\d","found":"what it found"\} to tests\/hostile\/seed-corpus\.json/,
    );
  });

  it("refuses a corpus with a seed listed twice or without what it found", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "alex-corpus-"));
    try {
      const file = path.join(folder, "corpus.json");
      const entry = { seed: 1, runs: 16, date: "2026-11-24", found: "something it found" };
      writeFileSync(file, JSON.stringify({ about: "", seeds: [entry, entry] }));
      expect(() => readCorpus(file)).toThrow(/listed twice/);
      writeFileSync(file, JSON.stringify({ about: "", seeds: [{ seed: 1, runs: 16, date: "2026-11-24" }] }));
      expect(() => readCorpus(file)).toThrow();
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });
});
