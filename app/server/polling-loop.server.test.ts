import { setTimeout as sleep } from "node:timers/promises";
import { afterEach, describe, expect, it, vi } from "vitest";
import { configureLogging } from "./log.server.ts";
import { startPollingLoop } from "./polling-loop.server.ts";

afterEach(() => {
  vi.restoreAllMocks();
  configureLogging({ level: "silent" });
});

describe("startPollingLoop", () => {
  it("runs a round at once, then one a wait after each ends, never two together", async () => {
    let running = 0;
    let most = 0;
    let rounds = 0;
    const loop = startPollingLoop({
      pollMs: 2,
      errorEvent: "test.round_failed",
      round: async () => {
        running += 1;
        most = Math.max(most, running);
        rounds += 1;
        await sleep(5);
        running -= 1;
      },
    });
    expect(rounds).toBe(1);
    await sleep(60);
    await loop.stop();
    expect(rounds).toBeGreaterThan(2);
    expect(most).toBe(1);
  });

  it("waits one pause before its first round when told to", async () => {
    let rounds = 0;
    const loop = startPollingLoop({
      pollMs: 30,
      errorEvent: "test.round_failed",
      firstRound: "after-one-wait",
      round: async () => void (rounds += 1),
    });
    expect(rounds).toBe(0);
    await sleep(50);
    await loop.stop();
    expect(rounds).toBe(1);
  });

  it("logs a failed round under its event and goes on", async () => {
    // The tests' logs are silent (tests/support/silent-logs.ts): this one reads what would be written.
    configureLogging({ level: "info" });
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => (written.push(String(chunk)), true));
    let rounds = 0;
    const loop = startPollingLoop({
      pollMs: 2,
      errorEvent: "test.round_failed",
      round: async () => {
        rounds += 1;
        if (rounds === 1) throw new Error("the queue is away");
      },
    });
    await sleep(30);
    await loop.stop();
    expect(rounds).toBeGreaterThan(1);
    expect(written.some((line) => line.includes('"event":"test.round_failed"'))).toBe(true);
  });

  it("stops after the round in progress ends, and runs no other", async () => {
    let finish = () => {};
    let rounds = 0;
    const loop = startPollingLoop({
      pollMs: 1,
      errorEvent: "test.round_failed",
      round: () => {
        rounds += 1;
        return new Promise<void>((resolve) => (finish = resolve));
      },
    });
    let stopped = false;
    const stopping = loop.stop().then(() => (stopped = true));
    await sleep(10);
    expect(stopped).toBe(false);
    finish();
    await stopping;
    await sleep(10);
    expect(rounds).toBe(1);
  });
});
