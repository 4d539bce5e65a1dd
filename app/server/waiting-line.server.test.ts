import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createWaitingLine } from "./waiting-line.server.ts";

/** Work that ends when the test says so, and tells when it started. */
function heldWork(log: string[], name: string) {
  let finish = () => {};
  const done = new Promise<void>((resolve) => (finish = resolve));
  return {
    work: async () => {
      log.push(`start ${name}`);
      await done;
      return name;
    },
    finish,
  };
}

describe("createWaitingLine", () => {
  it("runs at most `atOnce` together, the others in the order they came", async () => {
    const line = createWaitingLine({ atOnce: 2, mostWaiting: 10 });
    const log: string[] = [];
    const works = ["a", "b", "c", "d"].map((name) => heldWork(log, name));
    const turns = works.map(({ work }) => line.take(work, { waitMs: 5000 }));
    await sleep(10);
    expect(log).toEqual(["start a", "start b"]);
    expect(line.waiting).toBe(2);

    works[1]!.finish();
    await sleep(10);
    expect(log).toEqual(["start a", "start b", "start c"]);
    works[0]!.finish();
    works[2]!.finish();
    works[3]!.finish();
    expect(await Promise.all(turns)).toEqual(["a", "b", "c", "d"].map((value) => ({ served: true, value })));
    expect(line.waiting).toBe(0);
  });

  it("serves nobody past `mostWaiting`, and never runs their work", async () => {
    const line = createWaitingLine({ atOnce: 1, mostWaiting: 1 });
    const log: string[] = [];
    const first = heldWork(log, "first");
    const second = heldWork(log, "second");
    const third = heldWork(log, "third");
    const turns = [first, second, third].map(({ work }) => line.take(work, { waitMs: 5000 }));
    expect(await turns[2]).toEqual({ served: false });
    first.finish();
    second.finish();
    expect(await Promise.all(turns.slice(0, 2))).toEqual([
      { served: true, value: "first" },
      { served: true, value: "second" },
    ]);
    expect(log).toEqual(["start first", "start second"]);
  });

  it("gives up on a turn that has not come within `waitMs`, and passes it on when it comes", async () => {
    const line = createWaitingLine({ atOnce: 1, mostWaiting: 10 });
    const log: string[] = [];
    const long = heldWork(log, "long");
    const late = heldWork(log, "late");
    const next = heldWork(log, "next");
    const longTurn = line.take(long.work, { waitMs: 5000 });
    const lateTurn = line.take(late.work, { waitMs: 30 });
    const nextTurn = line.take(next.work, { waitMs: 5000 });

    const askedAt = performance.now();
    expect(await lateTurn).toEqual({ served: false });
    expect(performance.now() - askedAt).toBeLessThan(1000);
    long.finish();
    next.finish();
    expect(await longTurn).toEqual({ served: true, value: "long" });
    expect(await nextTurn).toEqual({ served: true, value: "next" });
    expect(log).toEqual(["start long", "start next"]);
  });

  it("lets a caller who left go at once, and one whose work started finish it", async () => {
    const line = createWaitingLine({ atOnce: 1, mostWaiting: 10 });
    const log: string[] = [];
    const running = heldWork(log, "running");
    const leaving = heldWork(log, "leaving");
    const runningCaller = new AbortController();
    const leavingCaller = new AbortController();
    const runningTurn = line.take(running.work, { waitMs: 5000, signal: runningCaller.signal });
    const leavingTurn = line.take(leaving.work, { waitMs: 5000, signal: leavingCaller.signal });
    await sleep(10);

    leavingCaller.abort();
    expect(await leavingTurn).toEqual({ served: false });
    runningCaller.abort();
    running.finish();
    expect(await runningTurn).toEqual({ served: true, value: "running" });
    expect(log).toEqual(["start running"]);

    const gone = AbortSignal.abort();
    expect(await line.take(async () => log.push("never"), { waitMs: 5000, signal: gone })).toEqual({ served: false });
    expect(log).toEqual(["start running"]);
  });

  it("passes a failing work's error to its caller and frees its place", async () => {
    const line = createWaitingLine({ atOnce: 1, mostWaiting: 10 });
    await expect(line.take(() => Promise.reject(new Error("broken")), { waitMs: 5000 })).rejects.toThrow("broken");
    expect(await line.take(async () => "after", { waitMs: 5000 })).toEqual({ served: true, value: "after" });
  });
});
