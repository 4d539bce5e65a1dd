import spriteUrl from "./row-icons.svg?no-inline";

/**
 * Icons a list repeats on every row (the sessions' view, details and export buttons, a channel, a
 * client's settings and test). Spelled out in each row they were a third of a session list's HTML;
 * each row now points into one drawing of them all (row-icons.svg, made from lucide's icons by
 * scripts/row-icons.tsx), which the browser fetches once and keeps: it carries its hash in its name.
 */
export const ROW_ICON_NAMES = [
  "download",
  "external-link",
  "eye",
  "file-text",
  "flask-conical",
  "globe",
  "message-circle",
  "send",
  "settings",
] as const;

export type RowIconName = (typeof ROW_ICON_NAMES)[number];

/** A row's icon; decorative (the button or link beside it names itself). */
export function RowIcon({ name, className = "h-4 w-4" }: { name: RowIconName; className?: string }) {
  return (
    <svg aria-hidden="true" className={className} width="24" height="24" viewBox="0 0 24 24">
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
