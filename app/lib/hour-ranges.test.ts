import { describe, expect, it } from "vitest";
import { splitByHour } from "./hour-ranges.ts";

const at = (iso: string) => new Date(iso);

describe("splitByHour", () => {
  it("keeps whole hours for the rollup and the partial hours at either end for the raw rows", () => {
    expect(splitByHour({ start: at("2026-11-01T09:20:00Z"), end: at("2026-11-03T14:05:30Z") })).toEqual({
      hours: { start: at("2026-11-01T10:00:00Z"), end: at("2026-11-03T14:00:00Z") },
      edges: [
        { start: at("2026-11-01T09:20:00Z"), end: at("2026-11-01T10:00:00Z") },
        { start: at("2026-11-03T14:00:00Z"), end: at("2026-11-03T14:05:30Z") },
      ],
    });
  });

  it("has no edge where the range starts or ends on the hour (midnight in Israel is one)", () => {
    expect(splitByHour({ start: at("2026-10-31T22:00:00Z"), end: at("2026-11-30T22:00:00Z") })).toEqual({
      hours: { start: at("2026-10-31T22:00:00Z"), end: at("2026-11-30T22:00:00Z") },
      edges: [],
    });
  });

  it("leaves a range within one hour to the raw rows, and an empty range to nothing", () => {
    const start = at("2026-11-01T09:20:00Z");
    const end = at("2026-11-01T09:50:00Z");
    expect(splitByHour({ start, end })).toEqual({ hours: null, edges: [{ start, end }] });
    expect(splitByHour({ start: at("2026-11-01T09:20:00Z"), end: at("2026-11-01T10:10:00Z") }).hours).toBeNull();
    expect(splitByHour({ start, end: start })).toEqual({ hours: null, edges: [] });
  });
});
