import * as Label from "@radix-ui/react-label";
import clsx from "clsx";
import { useId, type ComponentProps, type ReactNode } from "react";

const controlClass =
  "block w-full rounded-lg border border-slate-300 bg-white px-3 py-2 text-slate-900 placeholder:text-slate-400 focus:border-brand-500 aria-[invalid=true]:border-red-500";

type FieldProps = {
  label: ReactNode;
  errors?: string[] | undefined;
  hint?: ReactNode;
  className?: string;
  children: (control: { id: string; "aria-invalid": boolean | undefined; "aria-describedby": string | undefined }) => ReactNode;
};

/** A label, a control and its errors, wired together for screen readers. */
export function Field({ label, errors, hint, className, children }: FieldProps) {
  const id = useId();
  const errorId = `${id}-error`;
  const hintId = `${id}-hint`;
  const invalid = Boolean(errors?.length);
  const describedBy = [invalid ? errorId : null, hint ? hintId : null].filter(Boolean).join(" ") || undefined;
  return (
    <div className={clsx("space-y-1", className)}>
      <Label.Root htmlFor={id} className="block text-sm font-medium text-slate-700">
        {label}
      </Label.Root>
      {children({ id, "aria-invalid": invalid || undefined, "aria-describedby": describedBy })}
      {hint ? (
        <p id={hintId} className="text-xs text-slate-500">
          {hint}
        </p>
      ) : null}
      {invalid ? (
        <p id={errorId} className="text-sm text-red-600">
          {errors?.join(" ")}
        </p>
      ) : null}
    </div>
  );
}

export function Input({ className, ...props }: ComponentProps<"input">) {
  return <input className={clsx(controlClass, "h-10", className)} {...props} />;
}

export function Textarea({ className, ...props }: ComponentProps<"textarea">) {
  return <textarea className={clsx(controlClass, className)} {...props} />;
}

export function NativeSelect({ className, ...props }: ComponentProps<"select">) {
  return <select className={clsx(controlClass, "h-10", className)} {...props} />;
}
