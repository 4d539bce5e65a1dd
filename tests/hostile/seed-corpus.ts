import { readFileSync } from "node:fs";
import path from "node:path";
import { z } from "zod";

/**
 * Which seeds a hostile-suite run tries: the committed corpus (every seed that ever found a defect,
 * so CI fails for a change that brings one back, not for an unlucky draw), then one random seed for
 * new ground. HOSTILE_SEED replays that one seed alone.
 */
export const CORPUS_FILE = path.join(import.meta.dirname, "seed-corpus.json");

const corpusSchema = z.object({
  about: z.string(),
  seeds: z
    .array(
      z
        .object({
          seed: z
            .int()
            .min(0)
            .max(2 ** 31 - 1),
          runs: z.int().min(1),
          date: z.iso.date(),
          found: z.string().min(10),
        })
        .strict(),
    )
    .refine((entries) => new Set(entries.map((entry) => entry.seed)).size === entries.length, "a seed is listed twice"),
});

export type CorpusEntry = z.infer<typeof corpusSchema>["seeds"][number];

export type SeedRun =
  | { kind: "corpus"; seed: number; runs: number; found: string }
  | { kind: "random" | "replay"; seed: number; runs: number };

export function readCorpus(file = CORPUS_FILE): CorpusEntry[] {
  return corpusSchema.parse(JSON.parse(readFileSync(file, "utf8"))).seeds;
}

export function seedRuns(options: {
  corpus: CorpusEntry[];
  runs: number;
  replaySeed?: number;
  randomSeed: number;
}): SeedRun[] {
  if (options.replaySeed !== undefined) return [{ kind: "replay", seed: options.replaySeed, runs: options.runs }];
  return [
    ...options.corpus.map((entry) => ({
      kind: "corpus" as const,
      seed: entry.seed,
      runs: entry.runs,
      found: entry.found,
    })),
    { kind: "random", seed: options.randomSeed, runs: options.runs },
  ];
}

/** What a failure says about its seed: how to replay it, and for a random one, how to keep it. */
export function seedAdvice(run: SeedRun): string {
  const replay = `Replay: HOSTILE_SEED=${run.seed} HOSTILE_RUNS=${run.runs} (HOSTILE_SHRINK=1 for the smallest case).`;
  if (run.kind === "corpus") return `Corpus seed ${run.seed} fails again (it once found: ${run.found}). ${replay}`;
  if (run.kind === "replay") return `Seed ${run.seed}. ${replay}`;
  const entry = JSON.stringify({
    seed: run.seed,
    runs: run.runs,
    date: new Date().toISOString().slice(0, 10),
    found: "what it found",
  });
  return `Random seed ${run.seed} found this. ${replay} Once it is fixed, add ${entry} to tests/hostile/seed-corpus.json so every later run replays it.`;
}
