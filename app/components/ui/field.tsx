import clsx from "clsx";
import { useId, type ComponentProps, type ReactNode } from "react";
import { useFormMessage } from "./form-messages.tsx";

/** "dark" for fields on a dark surface (the site footer). */
export type FieldTone = "light" | "dark";

const TONES = {
  light: {
    label: "text-slate-700",
    hint: "text-slate-600",
    error: "text-red-700",
    control: "control-light",
  },
  dark: {
    label: "text-slate-200",
    hint: "text-slate-300",
    error: "text-red-300",
    control: "control-dark",
  },
} as const;

/** The look of a text-like control (`.control` in app/theme.css); `dir="ltr"` data (e-mails, phones) lines up with the page's other fields. */
function controlClassName(tone: FieldTone = "light", className?: string) {
  return clsx("control", TONES[tone].control, className);
}

/** What the field hands its control: spread it on the input, select or textarea. */
export type FieldControlProps = {
  id: string;
  "aria-invalid": true | undefined;
  "aria-describedby": string | undefined;
};

export type FieldProps = {
  label: ReactNode;
  /** Help under the control, read out with it. */
  hint?: ReactNode;
  /** Translation keys (see FormMessages) or ready text; the field is invalid while there are any. */
  errors?: readonly string[] | undefined;
  /** The control's id; made up when absent. Conform's fields bring theirs, and their hint and error ids. */
  id?: string;
  hintId?: string;
  errorId?: string;
  /** An asterisk after the label, for sight only: the control's own `required` tells screen readers. */
  required?: boolean;
  /** The label stays for screen readers only, where the design shows none (a placeholder says it). */
  hideLabel?: boolean;
  /** "beside": the control first and the label next to it (checkboxes). */
  layout?: "stacked" | "beside";
  tone?: FieldTone;
  /**
   * The error paragraph is rendered, and named by the control's aria-describedby, even while empty
   * (hidden): a script that checks as the user types only fills it (app/islands/enhance.ts).
   */
  errorSlot?: boolean;
  /** More ids for the control's aria-describedby (a counter laid out elsewhere). */
  describedBy?: string;
  /** On the control's row at its inline end: a button, a unit. */
  end?: ReactNode;
  className?: string;
  children: (control: FieldControlProps) => ReactNode;
};

/**
 * The one place a label, a control, its hint and its errors are laid out and wired together for
 * screen readers. The kit's fields (form-fields.tsx) are built on it; use it directly only for a
 * control the kit does not have.
 */
export function Field({
  label,
  hint,
  errors,
  id: ownId,
  hintId: ownHintId,
  errorId: ownErrorId,
  required,
  hideLabel,
  layout = "stacked",
  tone = "light",
  errorSlot,
  describedBy,
  end,
  className,
  children,
}: FieldProps) {
  const madeUpId = useId();
  const translate = useFormMessage();
  const id = ownId ?? madeUpId;
  const hintId = ownHintId ?? `${id}-hint`;
  const errorId = ownErrorId ?? `${id}-error`;
  const messages = (errors ?? []).map(translate);
  const invalid = messages.length > 0;
  const control = children({
    id,
    "aria-invalid": invalid || undefined,
    "aria-describedby":
      [hint ? hintId : null, invalid || errorSlot ? errorId : null, describedBy].filter(Boolean).join(" ") || undefined,
  });
  const colors = TONES[tone];

  const labelElement = (
    <label htmlFor={id} className={hideLabel ? "sr-only" : clsx("field-label", colors.label)}>
      {label}
      {required ? (
        <span aria-hidden="true" className="ms-0.5 text-red-600">
          *
        </span>
      ) : null}
    </label>
  );
  const notes = (
    <>
      {hint ? (
        <p id={hintId} className={clsx("text-xs", colors.hint)}>
          {hint}
        </p>
      ) : null}
      {invalid || errorSlot ? (
        <p id={errorId} hidden={!invalid} className={clsx("text-sm", colors.error)}>
          {messages.join(" ")}
        </p>
      ) : null}
    </>
  );

  if (layout === "beside") {
    return (
      <div className={clsx("flex items-start gap-3", className)}>
        {control}
        <div className="min-w-0 flex-1 space-y-1">
          {labelElement}
          {notes}
        </div>
      </div>
    );
  }
  return (
    <div className={clsx("space-y-1", className)}>
      {labelElement}
      {end ? (
        <div className="flex flex-wrap items-start gap-2">
          <div className="min-w-0 flex-[1_1_12rem]">{control}</div>
          {end}
        </div>
      ) : (
        control
      )}
      {notes}
    </div>
  );
}

type ToneProp = { tone?: FieldTone };

export function Input({ tone, className, ...props }: ComponentProps<"input"> & ToneProp) {
  return <input className={controlClassName(tone, clsx("h-10", className))} {...props} />;
}

export function Textarea({ tone, className, ...props }: ComponentProps<"textarea"> & ToneProp) {
  return <textarea className={controlClassName(tone, clsx("resize-y", className))} {...props} />;
}

export function NativeSelect({ tone, className, ...props }: ComponentProps<"select"> & ToneProp) {
  return <select className={controlClassName(tone, clsx("h-10", className))} {...props} />;
}
