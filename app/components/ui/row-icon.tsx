import spriteUrl from "./row-icons.svg?no-inline";

/**
 * Icons a page repeats: on every row of a list (the sessions' view, details and export buttons, a
 * channel, a client's settings and test) and in the shell's navigation on every signed-in page.
 * Spelled out each time they were a third of a session list's HTML and 8 KB of every page; each now
 * points into one drawing of them all (row-icons.svg, made from lucide's icons by
 * scripts/row-icons.tsx), which the browser fetches once and keeps: it carries its hash in its name.
 */
export const ROW_ICON_NAMES = [
  "bot",
  "chart-column",
  "circle-check",
  "credit-card",
  "download",
  "external-link",
  "eye",
  "file-text",
  "flask-conical",
  "globe",
  "headset",
  "inbox",
  "layout-dashboard",
  "log-out",
  "menu",
  "message-circle",
  "message-square-text",
  "messages-square",
  "puzzle",
  "send",
  "server-cog",
  "settings",
  "shield-check",
  "user-cog",
  "users",
] as const;

export type RowIconName = (typeof ROW_ICON_NAMES)[number];

/** A row's icon; decorative (the button or link beside it names itself). */
export function RowIcon({ name, className = "h-4 w-4" }: { name: RowIconName; className?: string }) {
  return (
    // No size of its own: the class sizes it, and the symbol's viewBox scales the drawing to fit.
    <svg aria-hidden="true" className={className}>
      <use href={`${spriteUrl}#${name}`} />
    </svg>
  );
}
