import { afterEach, describe, expect, it, vi } from "vitest";
import type { Database } from "#db/connection.ts";
import { RETRIEVAL_DEADLINE_MS, RETRIEVALS_PER_CLIENT, retrievePassages } from "./retrieval.server.ts";

/** A database whose queries never end, as a search past any reasonable cost would. */
const stuckDatabase = { transaction: () => new Promise(() => {}) } as unknown as Database;

describe("retrievePassages", () => {
  afterEach(() => {
    vi.useRealTimers();
  });

  it("gives up at the deadline: the message gets the fallback instead of waiting on the database", async () => {
    vi.useFakeTimers();
    const answer = retrievePassages(stuckDatabase, 1, "dishwasher installation", 3);
    await vi.advanceTimersByTimeAsync(RETRIEVAL_DEADLINE_MS);
    await expect(answer).resolves.toBeUndefined();
  });

  it(`lets ${RETRIEVALS_PER_CLIENT} searches of one client run at once; the next waits its turn, another client does not`, async () => {
    vi.useFakeTimers();
    let started = 0;
    const countingDatabase = {
      transaction: () => {
        started++;
        return new Promise(() => {});
      },
    } as unknown as Database;
    const flood = Array.from({ length: RETRIEVALS_PER_CLIENT + 3 }, () =>
      retrievePassages(countingDatabase, 2, "dishwasher", 3),
    );
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(RETRIEVALS_PER_CLIENT);
    void retrievePassages(countingDatabase, 3, "dishwasher", 3);
    await vi.advanceTimersByTimeAsync(0);
    expect(started).toBe(RETRIEVALS_PER_CLIENT + 1);
    await vi.advanceTimersByTimeAsync(RETRIEVAL_DEADLINE_MS);
    expect(await Promise.all(flood)).toEqual(flood.map(() => undefined));
  });

  it("searches nothing for a message without words", async () => {
    expect(await retrievePassages(stuckDatabase, 4, "?!", 3)).toEqual([]);
  });
});
