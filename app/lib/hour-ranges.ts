import type { TimeRange } from "./calendar.ts";

const HOUR_MS = 3_600_000;

/**
 * A range [start, end) cut where an hourly rollup can answer: the whole UTC hours inside it, and
 * the partial hours at either end that only the raw rows can. A range within one hour is all edge.
 */
export function splitByHour({ start, end }: TimeRange): { hours: TimeRange | null; edges: TimeRange[] } {
  const firstWhole = Math.ceil(start.getTime() / HOUR_MS) * HOUR_MS;
  const lastWhole = Math.floor(end.getTime() / HOUR_MS) * HOUR_MS;
  if (firstWhole >= lastWhole) return { hours: null, edges: start < end ? [{ start, end }] : [] };
  const edges = [
    { start, end: new Date(firstWhole) },
    { start: new Date(lastWhole), end },
  ].filter((edge) => edge.start < edge.end);
  return { hours: { start: new Date(firstWhole), end: new Date(lastWhole) }, edges };
}
