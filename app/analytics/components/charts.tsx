import clsx from "clsx";
import type { ReactNode } from "react";

/*
 * Charts drawn with HTML boxes rather than SVG or a charting library: the server renders them, they
 * need no JavaScript, and flexbox lays them out in the page's direction, so in Hebrew time runs from
 * right to left and bars grow from the right with nothing flipped by hand. The drawing is hidden from
 * screen readers; each chart carries its numbers in a table they read instead
 * (docs/decisions/015-analytics.md).
 */

type ChartFrameProps = {
  id: string;
  title: string;
  description?: ReactNode;
  /** The numbers as a table for screen readers: headers, then one row per point, already formatted. */
  table: { headers: readonly string[]; rows: readonly (readonly ReactNode[])[] };
  children: ReactNode;
  className?: string;
};

export function ChartFrame({ id, title, description, table, children, className }: ChartFrameProps) {
  return (
    <section
      aria-labelledby={id}
      className={clsx("min-w-0 rounded-xl border border-slate-200 bg-white p-4 shadow-sm", className)}
    >
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      {description ? <p className="text-sm text-slate-600">{description}</p> : null}
      <div aria-hidden="true" className="mt-4">
        {children}
      </div>
      {/* A table ignores the 1px width of sr-only and would widen a phone's page: its box carries it. */}
      <div className="sr-only">
        <table>
          <caption>{title}</caption>
          <thead>
            <tr>
              {table.headers.map((header) => (
                <th key={header} scope="col">
                  {header}
                </th>
              ))}
            </tr>
          </thead>
          <tbody>
            {table.rows.map((row, index) => (
              <tr key={index}>
                {row.map((cell, column) =>
                  column === 0 ? (
                    <th key={column} scope="row">
                      {cell}
                    </th>
                  ) : (
                    <td key={column}>{cell}</td>
                  ),
                )}
              </tr>
            ))}
          </tbody>
        </table>
      </div>
    </section>
  );
}

const share = (value: number, max: number) => (max > 0 ? `${(value / max) * 100}%` : "0%");

/** Columns over time, oldest at the start of the line; the first and last labels and the peak are written out. */
export function ColumnChart({
  points,
  peakLabel,
}: {
  points: readonly { key: string; value: number; label: string }[];
  peakLabel: string;
}) {
  const max = Math.max(0, ...points.map((point) => point.value));
  return (
    <div>
      <p className="text-xs text-slate-500">{peakLabel}</p>
      <div
        className={clsx(
          "flex h-48 items-end border-b border-slate-300",
          points.length > 60 ? "gap-0" : "gap-px sm:gap-0.5",
        )}
      >
        {points.map((point) => (
          <div
            key={point.key}
            className="flex h-full min-w-0 flex-1 items-end"
            title={`${point.label}: ${point.value}`}
          >
            <div className="w-full rounded-t-sm bg-brand-500" style={{ height: share(point.value, max) }} />
          </div>
        ))}
      </div>
      <div className="mt-1 flex justify-between text-xs text-slate-600">
        <span>{points[0]?.label}</span>
        <span>{points.at(-1)?.label}</span>
      </div>
    </div>
  );
}

/** One bar per row, growing from the start of the line, with its name and figure written beside it. */
export function BarList({
  rows,
}: {
  rows: readonly { key: string; label: ReactNode; value: number; display: string }[];
}) {
  const max = Math.max(0, ...rows.map((row) => row.value));
  return (
    <ul className="space-y-2">
      {rows.map((row) => (
        <li
          key={row.key}
          className="grid grid-cols-[minmax(0,9rem)_1fr_auto] sm:grid-cols-[minmax(0,13rem)_1fr_auto] items-center gap-3 text-sm"
        >
          <span dir="auto" className="truncate text-start text-slate-700">
            {row.label}
          </span>
          <span className="h-3 rounded-full bg-slate-100">
            <span className="block h-3 rounded-full bg-brand-500" style={{ width: share(row.value, max) }} />
          </span>
          <span className="text-end font-medium tabular-nums" dir="ltr">
            {row.display}
          </span>
        </li>
      ))}
    </ul>
  );
}

export type StackSeries = { key: string; label: string; className: string };

/** Stacked columns, one per group (a month), with a legend of the series. */
export function StackedColumnChart({
  series,
  groups,
  peakLabel,
}: {
  series: readonly StackSeries[];
  groups: readonly { key: string; label: string; values: Record<string, number> }[];
  peakLabel: string;
}) {
  const totals = groups.map((group) => series.reduce((total, item) => total + (group.values[item.key] ?? 0), 0));
  const max = Math.max(0, ...totals);
  return (
    <div>
      <p className="text-xs text-slate-500">{peakLabel}</p>
      <div className="flex h-48 items-end gap-1 border-b border-slate-300 sm:gap-2">
        {groups.map((group, index) => (
          <div key={group.key} className="flex h-full min-w-0 flex-1 flex-col justify-end">
            <div
              className="flex flex-col-reverse overflow-hidden rounded-t-sm"
              style={{ height: share(totals[index]!, max) }}
            >
              {series.map((item) => (
                <div
                  key={item.key}
                  className={item.className}
                  style={{ height: share(group.values[item.key] ?? 0, totals[index]!) }}
                />
              ))}
            </div>
          </div>
        ))}
      </div>
      <div className="mt-1 flex gap-1 text-center text-xs text-slate-600 sm:gap-2">
        {groups.map((group, index) => (
          <span
            key={group.key}
            className={clsx("min-w-0 flex-1 truncate", groups.length > 6 && index % 2 === 1 && "invisible sm:visible")}
          >
            {group.label}
          </span>
        ))}
      </div>
      <ul className="mt-3 flex flex-wrap gap-x-4 gap-y-1 text-xs text-slate-700">
        {series.map((item) => (
          <li key={item.key} className="flex items-center gap-1.5">
            <span className={clsx("inline-block h-3 w-3 rounded-sm", item.className)} />
            {item.label}
          </li>
        ))}
      </ul>
    </div>
  );
}
