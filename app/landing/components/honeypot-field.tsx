import { HONEYPOT_FIELD } from "~/landing/honeypot.ts";

/** Out of sight, out of the tab order and hidden from screen readers; only bots fill it in. */
export function HoneypotField({ label }: { label: string }) {
  return (
    <div aria-hidden="true" className="pointer-events-none absolute h-px w-px overflow-hidden opacity-0">
      <label>
        {label}
        <input type="text" name={HONEYPOT_FIELD} tabIndex={-1} autoComplete="off" defaultValue="" />
      </label>
    </div>
  );
}
