import { getInputProps, getSelectProps, getTextareaProps, type FieldMetadata } from "@conform-to/react";
import clsx from "clsx";
import type { ComponentProps, ReactNode } from "react";
import { Field, Input, NativeSelect, Textarea, type FieldProps, type FieldTone } from "./field.tsx";
import { useFormMessage } from "./form-messages.tsx";

/*
 * The form kit. Each field takes Conform's metadata (`field={fields.email}`) and renders the label,
 * the control, the hint and the errors, wired for screen readers. Without Conform (GET filter forms,
 * controlled inputs) leave `field` out and give the control's own props (`name`, `defaultValue`,
 * `value`...) and `errors`. Errors are translation keys: see FormMessages.
 */

type ChromeProps = Pick<FieldProps, "label" | "hint" | "hideLabel" | "tone" | "errorSlot" | "className">;

type KitProps<S> = ChromeProps & {
  /** Conform's metadata for the field (`fields.email`): name, id, value, constraints and errors. */
  field?: FieldMetadata<S>;
  /** Shown instead of the field's own errors (translation keys or ready text). */
  errors?: readonly string[] | undefined;
};

type ControlOwnProps = { id?: string; required?: boolean; "aria-describedby"?: string };

/** Splits a kit field's props into the Field's (label, hint, ids, errors) and the control's own. */
function split<S, Control extends ControlOwnProps>({
  field,
  errors,
  label,
  hint,
  hideLabel,
  tone,
  errorSlot,
  className,
  ...control
}: KitProps<S> & Control) {
  const chrome: Omit<FieldProps, "children"> = {
    label,
    hint,
    hideLabel,
    tone,
    errorSlot,
    className,
    describedBy: control["aria-describedby"],
  };
  if (!field) return { chrome: { ...chrome, id: control.id, errors, required: control.required }, control };
  return {
    chrome: {
      ...chrome,
      id: field.id,
      hintId: field.descriptionId,
      errorId: field.errorId,
      errors: errors ?? field.errors,
      required: control.required ?? field.required,
    },
    control,
  };
}

type TextFieldProps<S> = KitProps<S> &
  Omit<ComponentProps<"input">, "className" | "children" | "type"> & {
    type?: "text" | "email" | "tel" | "url" | "number" | "password" | "search" | "date" | "time" | "datetime-local";
    /** On the input's row at its inline end: a button, a unit. */
    end?: ReactNode;
  };

/** One-line input of any text-like type; give `dir="ltr"` to e-mails, phones and URLs on a Hebrew page. */
export function TextField<S>({ type = "text", end, ...props }: TextFieldProps<S>) {
  const { chrome, control: input } = split(props);
  const conform = props.field ? getInputProps(props.field, { type, ariaAttributes: false }) : undefined;
  return (
    <Field {...chrome} end={end}>
      {(control) => <Input key={props.field?.key} {...conform} {...input} {...control} type={type} tone={props.tone} />}
    </Field>
  );
}

type TextareaFieldProps<S> = KitProps<S> & Omit<ComponentProps<"textarea">, "className" | "children">;

export function TextareaField<S>(props: TextareaFieldProps<S>) {
  const { chrome, control: textarea } = split(props);
  const conform = props.field ? getTextareaProps(props.field, { ariaAttributes: false }) : undefined;
  return (
    <Field {...chrome}>
      {(control) => <Textarea key={props.field?.key} {...conform} {...textarea} {...control} tone={props.tone} />}
    </Field>
  );
}

export type SelectOption = { value: string; label: string };

type SelectFieldProps<S> = KitProps<S> &
  Omit<ComponentProps<"select">, "className" | "children"> & {
    options: readonly SelectOption[];
    /** A first option with the empty value ("Choose a range"), chosen until the user picks. */
    placeholder?: string;
  };

/** A native <select>: works without JavaScript, on every phone, in both directions. */
export function SelectField<S>({ options, placeholder, ...props }: SelectFieldProps<S>) {
  const { chrome, control: select } = split(props);
  const conform = props.field ? getSelectProps(props.field, { ariaAttributes: false }) : undefined;
  return (
    <Field {...chrome}>
      {(control) => (
        <NativeSelect key={props.field?.key} {...conform} {...select} {...control} tone={props.tone}>
          {placeholder !== undefined ? <option value="">{placeholder}</option> : null}
          {options.map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </NativeSelect>
      )}
    </Field>
  );
}

type CheckboxFieldProps<S> = Omit<KitProps<S>, "hideLabel"> &
  Omit<ComponentProps<"input">, "className" | "children" | "type" | "role">;

/** A checkbox with its label beside it; the hint and errors sit under the label. */
export function CheckboxField<S>(props: CheckboxFieldProps<S>) {
  const { chrome, control: input } = split(props);
  const conform = props.field ? getInputProps(props.field, { type: "checkbox", ariaAttributes: false }) : undefined;
  return (
    <Field {...chrome} layout="beside">
      {(control) => (
        <input key={props.field?.key} {...conform} {...input} {...control} type="checkbox" className="checkbox" />
      )}
    </Field>
  );
}

type SwitchFieldProps<S> = CheckboxFieldProps<S> & {
  /** The state in words beside the switch ("Active" / "Inactive"), for sight: the switch announces its own state. */
  onText?: string;
  offText?: string;
};

/**
 * An on/off setting: a real checkbox with role="switch", so it posts "on" (or nothing) like any
 * checkbox and works without JavaScript; CSS alone moves the knob and swaps the state text.
 */
export function SwitchField<S>({ onText, offText, ...props }: SwitchFieldProps<S>) {
  const { chrome, control: input } = split(props);
  const conform = props.field ? getInputProps(props.field, { type: "checkbox", ariaAttributes: false }) : undefined;
  return (
    <Field {...chrome}>
      {(control) => (
        <span className="group inline-flex items-center gap-3">
          <span className="relative inline-flex shrink-0">
            <input
              key={props.field?.key}
              {...conform}
              {...input}
              {...control}
              type="checkbox"
              role="switch"
              className={clsx(
                "peer h-6 w-11 cursor-pointer appearance-none rounded-full bg-slate-400 transition-colors checked:bg-brand-600",
                "focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-brand-600 disabled:cursor-not-allowed disabled:opacity-60",
                "aria-[invalid=true]:ring-2 aria-[invalid=true]:ring-red-500",
              )}
            />
            <span
              aria-hidden="true"
              className="pointer-events-none absolute start-0.5 top-0.5 h-5 w-5 rounded-full bg-white shadow transition-[inset-inline-start] peer-checked:start-5.5"
            />
          </span>
          {onText || offText ? (
            <span
              aria-hidden="true"
              className={clsx("text-sm", props.tone === "dark" ? "text-slate-200" : "text-slate-700")}
            >
              <span className="group-has-checked:hidden">{offText}</span>
              <span className="hidden group-has-checked:inline">{onText}</span>
            </span>
          ) : null}
        </span>
      )}
    </Field>
  );
}

type FormErrorsProps = {
  /** Conform's form metadata (`form`), or `errors` and `id` when there is no Conform. */
  form?: { errors?: readonly string[] | undefined; errorId: string };
  errors?: readonly string[] | undefined;
  id?: string;
  tone?: FieldTone;
  className?: string;
};

/** The form's own errors (not a field's: "wrong password", "too many attempts"), announced when they appear. */
export function FormErrors({
  form,
  errors = form?.errors,
  id = form?.errorId,
  tone = "light",
  className,
}: FormErrorsProps) {
  const translate = useFormMessage();
  if (!errors?.length) return null;
  const messages = errors.map(translate);
  return (
    <div
      id={id}
      role="alert"
      className={clsx(
        "rounded-lg border p-3 text-sm",
        tone === "dark" ? "border-red-400/40 bg-red-950/40 text-red-200" : "border-red-200 bg-red-50 text-red-800",
        className,
      )}
    >
      {messages.length === 1 ? (
        <p>{messages[0]}</p>
      ) : (
        <ul className="list-disc space-y-1 ps-5">
          {messages.map((message, index) => (
            <li key={index}>{message}</li>
          ))}
        </ul>
      )}
    </div>
  );
}
