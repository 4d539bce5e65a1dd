import { useEffect, useRef, useState, type ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Alert } from "./alert.tsx";
import { Button, type ButtonProps } from "./button.tsx";
import { Dialog, DialogClose, DialogContent } from "./dialog.tsx";
import { useHydrated } from "./use-hydrated.ts";

/**
 * Actions that do harm (suspend, cancel, mark paid) are confirmed before they act. The form posts
 * `confirmed=yes` only from the confirmation; the server acts on nothing else, and answers a post
 * without it with the confirmation step (ConfirmStep), so the page is as safe without JavaScript.
 */
export const CONFIRMED_FIELD = "confirmed";
export const isConfirmed = (formData: FormData) => formData.get(CONFIRMED_FIELD) === "yes";

type ConfirmText = {
  /** Names what is affected ("Suspend Acme?"). */
  title: ReactNode;
  /** Says what the action does. */
  description: ReactNode;
  confirmLabel: ReactNode;
  confirmVariant?: ButtonProps["variant"];
};

type ConfirmButtonProps = ConfirmText & {
  /** The id of the form the action posts; the dialog's button submits it from outside (the `form` attribute). */
  form: string;
  variant?: ButtonProps["variant"];
  size?: ButtonProps["size"];
  disabled?: boolean;
  children: ReactNode;
};

/**
 * The action's button. With JavaScript it opens a dialog (after the form's own validation) whose
 * confirm button submits the form with `confirmed=yes`; without, it submits the form as it is and
 * the server asks instead.
 */
export function ConfirmButton({
  form,
  title,
  description,
  confirmLabel,
  confirmVariant = "danger",
  variant,
  size,
  disabled,
  children,
}: ConfirmButtonProps) {
  const { t } = useTranslation();
  const hydrated = useHydrated();
  const navigation = useNavigation();
  const [open, setOpen] = useState(false);
  const submitted = useRef(false);
  // The dialog stays open while its post runs and closes when the page has its answer.
  useEffect(() => {
    if (submitted.current && navigation.state === "idle") {
      submitted.current = false;
      setOpen(false);
    }
  }, [navigation.state]);

  if (!hydrated) {
    return (
      <Button type="submit" form={form} variant={variant} size={size} disabled={disabled}>
        {children}
      </Button>
    );
  }
  const ask = () => {
    const element = document.getElementById(form);
    if (!(element instanceof HTMLFormElement) || element.reportValidity()) setOpen(true);
  };
  return (
    <Dialog open={open} onOpenChange={setOpen}>
      <Button variant={variant} size={size} disabled={disabled} onClick={ask}>
        {children}
      </Button>
      <DialogContent title={title} description={description}>
        <div className="flex flex-wrap justify-end gap-3">
          <DialogClose asChild>
            <Button variant="secondary">{t("actions.cancel")}</Button>
          </DialogClose>
          <Button
            type="submit"
            form={form}
            name={CONFIRMED_FIELD}
            value="yes"
            variant={confirmVariant}
            disabled={navigation.state !== "idle"}
            onClick={() => {
              submitted.current = true;
            }}
          >
            {confirmLabel}
          </Button>
        </div>
      </DialogContent>
    </Dialog>
  );
}

type ConfirmStepProps = ConfirmText & {
  /** The fields the action posted, posted again with `confirmed=yes`. */
  fields: Record<string, string | number>;
  action?: string;
  /** Where "Cancel" leads: the page as it was. */
  cancelTo: string;
};

/** The server's confirmation of a post that came without `confirmed` (no JavaScript): the same question as the dialog, as a page section. */
export function ConfirmStep({
  title,
  description,
  confirmLabel,
  confirmVariant = "danger",
  fields,
  action,
  cancelTo,
}: ConfirmStepProps) {
  const { t } = useTranslation();
  return (
    <Alert tone="warning" announce="alert" title={title}>
      <div className="space-y-3">
        <p>{description}</p>
        <Form method="post" action={action} className="flex flex-wrap gap-3">
          {Object.entries(fields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <Button type="submit" name={CONFIRMED_FIELD} value="yes" variant={confirmVariant}>
            {confirmLabel}
          </Button>
          <Button asChild variant="secondary">
            <Link to={cancelTo}>{t("actions.cancel")}</Link>
          </Button>
        </Form>
      </div>
    </Alert>
  );
}
