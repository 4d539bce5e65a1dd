import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { FormErrors, SwitchField, TextField } from "~/components/ui/form-fields.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import {
  confirmSetupSchema,
  newRecoveryCodesSchema,
  teamPolicySchema,
  turnOffSchema,
} from "../second-factor-schema.ts";

type Reply = SubmissionResult<string[]> | null | undefined;

/** Whether this page's form with `intent` is the one being sent. */
function useSending(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

const IntentField = ({ intent }: { intent: string }) => <input type="hidden" name="intent" value={intent} />;

/** A one-time code field: digits on a phone's keyboard, filled from an SMS-less app by the browser where it can. */
function CodeField({
  field,
  label,
  numeric,
}: {
  field: Parameters<typeof TextField>[0]["field"];
  label: string;
  numeric: boolean;
}) {
  return (
    <TextField
      field={field}
      label={label}
      dir="ltr"
      autoComplete="one-time-code"
      inputMode={numeric ? "numeric" : "text"}
      spellCheck={false}
      className="max-w-xs"
    />
  );
}

/** A button-only form (start the set-up, start again): its intent is all it sends. */
export function IntentButton({
  intent,
  variant,
  children,
}: {
  intent: string;
  variant?: "primary" | "secondary";
  children: ReactNode;
}) {
  const sending = useSending(intent);
  return (
    <Form method="post">
      <IntentField intent={intent} />
      <Button type="submit" variant={variant} disabled={sending}>
        {children}
      </Button>
    </Form>
  );
}

export function ConfirmSetupForm({ lastResult }: { lastResult: Reply }) {
  const { t } = useTranslation("second-factor");
  const sending = useSending("confirm");
  const [form, fields] = useForm({
    id: "second-factor-confirm",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseForm(formData, { schema: confirmSetupSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <IntentField intent="confirm" />
      <FormErrors form={form} />
      <CodeField field={fields.code} label={t("setup.code")} numeric />
      <Button type="submit" disabled={sending}>
        {sending ? t("setup.submitting") : t("setup.submit")}
      </Button>
    </Form>
  );
}

export function NewRecoveryCodesForm({ lastResult }: { lastResult: Reply }) {
  const { t } = useTranslation("second-factor");
  const sending = useSending("recovery-codes");
  const [form, fields] = useForm({
    id: "second-factor-recovery-codes",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseForm(formData, { schema: newRecoveryCodesSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <IntentField intent="recovery-codes" />
      <FormErrors form={form} />
      <CodeField field={fields.code} label={t("renew.code")} numeric />
      <Button type="submit" variant="secondary" disabled={sending}>
        {t("renew.submit")}
      </Button>
    </Form>
  );
}

export function TurnOffForm({ lastResult }: { lastResult: Reply }) {
  const { t } = useTranslation("second-factor");
  const sending = useSending("turn-off");
  const [form, fields] = useForm({
    id: "second-factor-turn-off",
    lastResult,
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseForm(formData, { schema: turnOffSchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <IntentField intent="turn-off" />
      <FormErrors form={form} />
      <TextField
        field={fields.password}
        type="password"
        label={t("turnOff.password")}
        autoComplete="current-password"
        dir="ltr"
        className="max-w-xs"
      />
      <CodeField field={fields.code} label={t("turnOff.code")} numeric={false} />
      <Button type="submit" variant="danger" disabled={sending}>
        {t("turnOff.submit")}
      </Button>
    </Form>
  );
}

export function TeamPolicyForm({ required, lastResult }: { required: boolean; lastResult: Reply }) {
  const { t } = useTranslation("second-factor");
  const sending = useSending("policy");
  const [form, fields] = useForm({
    id: "second-factor-policy",
    lastResult,
    defaultValue: { requireSecondFactor: required ? "on" : undefined },
    shouldValidate: "onSubmit",
    onValidate: ({ formData }) => parseForm(formData, { schema: teamPolicySchema }),
  });
  return (
    <Form method="post" {...getFormProps(form)} className="space-y-4">
      <IntentField intent="policy" />
      <FormErrors form={form} />
      <SwitchField
        field={fields.requireSecondFactor}
        label={t("policy.label")}
        onText={t("policy.on")}
        offText={t("policy.off")}
      />
      <Button type="submit" variant="secondary" disabled={sending}>
        {t("policy.submit")}
      </Button>
    </Form>
  );
}
