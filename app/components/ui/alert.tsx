import clsx from "clsx";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";
import type { ReactNode } from "react";

const TONES = {
  info: { Icon: Info, className: "border-sky-300 bg-sky-50 text-sky-900" },
  success: { Icon: CircleCheck, className: "border-emerald-300 bg-emerald-50 text-emerald-900" },
  warning: { Icon: TriangleAlert, className: "border-amber-300 bg-amber-50 text-amber-950" },
  error: { Icon: CircleAlert, className: "border-red-300 bg-red-50 text-red-900" },
} as const;

export type AlertTone = keyof typeof TONES;

type AlertProps = {
  tone: AlertTone;
  title?: ReactNode;
  children?: ReactNode;
  /**
   * Its role, which says how it is announced: "alert" interrupts (the default for errors), "status"
   * waits its turn (the default for the others); false inside a live region of its own.
   */
  announce?: "alert" | "status" | false;
  className?: string;
};

/** A message in a box with its icon: the outcome of a form, a warning about the page. */
export function Alert({
  tone,
  title,
  children,
  announce = tone === "error" ? "alert" : "status",
  className,
}: AlertProps) {
  const { Icon, className: toneClassName } = TONES[tone];
  return (
    <div
      role={announce || undefined}
      className={clsx("flex items-start gap-3 rounded-lg border p-4 text-sm", toneClassName, className)}
    >
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1 space-y-1">
        {title ? <p className="font-semibold">{title}</p> : null}
        {children ? <div>{children}</div> : null}
      </div>
    </div>
  );
}
