import { setTimeout as sleep } from "node:timers/promises";
import { describe, expect, it } from "vitest";
import { createSharedRead } from "./shared-read.server.ts";

describe("createSharedRead", () => {
  it("reads once for the requests of one key within the window, starting after the last of them", async () => {
    const shared = createSharedRead<string>(30);
    let version = 1;
    const reads: number[] = [];
    const read = async () => {
      reads.push(version);
      return `version ${version}`;
    };
    const first = shared("inbox", read);
    await sleep(5);
    // A change committed while the window is open: the shared read still sees it.
    version = 2;
    const second = shared("inbox", read);
    expect(await Promise.all([first, second])).toEqual(["version 2", "version 2"]);
    expect(reads).toEqual([2]);
  });

  it("keeps keys apart, and opens a new window for a request after the read began", async () => {
    const shared = createSharedRead<string>(10);
    let reads = 0;
    const read = (key: string) => async () => {
      reads += 1;
      await sleep(30);
      return key;
    };
    const one = shared("one", read("one"));
    const other = shared("other", read("other"));
    await sleep(20);
    // The first read is under way: a request now gets a read of its own, begun after it asked.
    const later = shared("one", read("one later"));
    expect(await Promise.all([one, other, later])).toEqual(["one", "other", "one later"]);
    expect(reads).toBe(3);
  });

  it("gives every request of a window the read's failure, and reads again for the next", async () => {
    const shared = createSharedRead<string>(5);
    const failing = async () => {
      throw new Error("database down");
    };
    const results = await Promise.allSettled([shared("inbox", failing), shared("inbox", failing)]);
    expect(results.map((result) => result.status)).toEqual(["rejected", "rejected"]);
    expect(await shared("inbox", async () => "back")).toBe("back");
  });
});
