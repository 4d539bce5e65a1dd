import { describe, expect, it } from "vitest";
import { nextRunAfter, slotAt, type JobSchedule } from "./schedule.ts";

const JERUSALEM = "Asia/Jerusalem";
const local = (date: Date) =>
  new Intl.DateTimeFormat("en-GB", {
    timeZone: JERUSALEM,
    dateStyle: "short",
    timeStyle: "short",
    hourCycle: "h23",
  }).format(date);

/** The next `count` runs after `from`, each as UTC and as the wall clock in Jerusalem. */
function runsFrom(schedule: JobSchedule, from: string, count: number) {
  const runs: string[] = [];
  let after = new Date(from);
  for (let index = 0; index < count; index++) {
    after = nextRunAfter(schedule, after, JERUSALEM);
    runs.push(`${after.toISOString()} ${local(after)}`);
  }
  return runs;
}

// 2026 in Israel: the clocks jump from 02:00 to 03:00 on Friday 27 March, and fall back from 02:00 to 01:00 on Sunday 25 October.
describe("job schedules in Asia/Jerusalem", () => {
  it("runs a daily job at its local time on both sides of the spring change", () => {
    expect(runsFrom({ every: "day", hour: 3, minute: 30 }, "2026-03-25T12:00:00Z", 3)).toEqual([
      "2026-03-26T01:30:00.000Z 26/03/2026, 03:30",
      "2026-03-27T00:30:00.000Z 27/03/2026, 03:30",
      "2026-03-28T00:30:00.000Z 28/03/2026, 03:30",
    ]);
  });

  it("runs a daily job whose time is skipped that night at the jump, once", () => {
    expect(runsFrom({ every: "day", hour: 2, minute: 30 }, "2026-03-26T12:00:00Z", 2)).toEqual([
      "2026-03-27T00:00:00.000Z 27/03/2026, 03:00",
      "2026-03-27T23:30:00.000Z 28/03/2026, 02:30",
    ]);
  });

  it("runs a daily job whose time happens twice that night once, at the first", () => {
    expect(runsFrom({ every: "day", hour: 1, minute: 30 }, "2026-10-24T12:00:00Z", 2)).toEqual([
      "2026-10-24T22:30:00.000Z 25/10/2026, 01:30",
      "2026-10-25T23:30:00.000Z 26/10/2026, 01:30",
    ]);
  });

  it("runs an hourly job every real hour through both changes", () => {
    expect(runsFrom({ every: "hour", minute: 5 }, "2026-03-26T22:00:00Z", 3)).toEqual([
      "2026-03-26T22:05:00.000Z 27/03/2026, 00:05",
      "2026-03-26T23:05:00.000Z 27/03/2026, 01:05",
      "2026-03-27T00:05:00.000Z 27/03/2026, 03:05",
    ]);
    expect(runsFrom({ every: "hour", minute: 5 }, "2026-10-24T22:00:00Z", 3)).toEqual([
      "2026-10-24T22:05:00.000Z 25/10/2026, 01:05",
      "2026-10-24T23:05:00.000Z 25/10/2026, 01:05",
      "2026-10-25T00:05:00.000Z 25/10/2026, 02:05",
    ]);
    const startOfDay = new Date("2026-10-24T21:00:00Z"); // midnight, 25 October
    const endOfDay = new Date("2026-10-25T22:00:00Z"); // midnight, 26 October
    let runs = 0;
    for (
      let at = nextRunAfter({ every: "hour", minute: 5 }, startOfDay, JERUSALEM);
      at < endOfDay;
      at = nextRunAfter({ every: "hour", minute: 5 }, at, JERUSALEM)
    )
      runs++;
    expect(runs).toBe(25);
  });

  it("names the slot a run belongs to: the latest scheduled time at or before now", () => {
    const daily: JobSchedule = { every: "day", hour: 3, minute: 30 };
    expect(slotAt(daily, new Date("2026-05-01T00:30:00Z"), JERUSALEM).toISOString()).toBe("2026-05-01T00:30:00.000Z");
    expect(slotAt(daily, new Date("2026-05-01T00:29:59Z"), JERUSALEM).toISOString()).toBe("2026-04-30T00:30:00.000Z");
    expect(slotAt(daily, new Date("2026-05-01T20:00:00Z"), JERUSALEM).toISOString()).toBe("2026-05-01T00:30:00.000Z");
    // Just after the spring jump, 02:30's run (held at 03:00) is the current slot.
    expect(
      slotAt({ every: "day", hour: 2, minute: 30 }, new Date("2026-03-27T00:10:00Z"), JERUSALEM).toISOString(),
    ).toBe("2026-03-27T00:00:00.000Z");
  });
});
