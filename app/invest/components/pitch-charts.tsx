import { useId } from "react";

type Bar = { label: string; value: number; display: string };

type ChartText = { title: string; description: string };

/**
 * Columns for the three years. Drawn in the reading direction: in Hebrew the first year is on the right.
 * The description carries every number, and the page repeats them in a table.
 */
export function ColumnChart({ bars, title, description, rtl }: ChartText & { bars: Bar[]; rtl: boolean }) {
  const id = useId();
  const width = 480;
  const height = 280;
  const plot = { top: 36, bottom: 236 };
  const slot = width / bars.length;
  const barWidth = Math.min(96, slot * 0.55);
  const max = Math.max(...bars.map((bar) => bar.value));
  return (
    <svg
      viewBox={`0 0 ${width} ${height}`}
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="h-auto w-full max-w-xl"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-description`}>{description}</desc>
      {[0.25, 0.5, 0.75, 1].map((fraction) => {
        const y = plot.bottom - fraction * (plot.bottom - plot.top);
        return (
          <line key={fraction} x1={0} x2={width} y1={y} y2={y} className="stroke-slate-200" strokeDasharray="4 4" />
        );
      })}
      <line x1={0} x2={width} y1={plot.bottom} y2={plot.bottom} className="stroke-slate-400" />
      {bars.map((bar, index) => {
        const position = rtl ? bars.length - 1 - index : index;
        const centre = slot * position + slot / 2;
        const barHeight = Math.max(4, (bar.value / max) * (plot.bottom - plot.top));
        return (
          <g key={bar.label}>
            <rect
              x={centre - barWidth / 2}
              y={plot.bottom - barHeight}
              width={barWidth}
              height={barHeight}
              rx={6}
              className="fill-brand-600"
            />
            <text
              x={centre}
              y={plot.bottom - barHeight - 10}
              textAnchor="middle"
              className="fill-slate-900 text-[20px] font-semibold"
            >
              {bar.display}
            </text>
            <text x={centre} y={plot.bottom + 30} textAnchor="middle" className="fill-slate-700 text-[18px]">
              {bar.label}
            </text>
          </g>
        );
      })}
    </svg>
  );
}

export const SEGMENT_COLOURS = ["#3b54e6", "#0f766e", "#b45309", "#be185d"] as const;

type Segment = { label: string; percent: number };

/** A ring of the round's four parts, the ask in its middle; the legend beside it gives the numbers in text. */
export function DonutChart({
  segments,
  centre,
  title,
  description,
}: ChartText & { segments: Segment[]; centre: string }) {
  const id = useId();
  const radius = 80;
  const circumference = 2 * Math.PI * radius;
  const starts = segments.map((_, index) =>
    segments.slice(0, index).reduce((sum, segment) => sum + (segment.percent / 100) * circumference, 0),
  );
  return (
    <svg
      viewBox="0 0 220 220"
      role="img"
      aria-labelledby={`${id}-title`}
      aria-describedby={`${id}-description`}
      className="h-auto w-full max-w-64"
    >
      <title id={`${id}-title`}>{title}</title>
      <desc id={`${id}-description`}>{description}</desc>
      <g transform="rotate(-90 110 110)">
        {segments.map((segment, index) => {
          const length = (segment.percent / 100) * circumference;
          return (
            <circle
              key={segment.label}
              cx={110}
              cy={110}
              r={radius}
              fill="none"
              stroke={SEGMENT_COLOURS[index % SEGMENT_COLOURS.length]}
              strokeWidth={34}
              strokeDasharray={`${length - 2} ${circumference - length + 2}`}
              strokeDashoffset={-starts[index]!}
            />
          );
        })}
      </g>
      <text x={110} y={118} textAnchor="middle" className="fill-slate-900 text-[24px] font-bold">
        {centre}
      </text>
    </svg>
  );
}
