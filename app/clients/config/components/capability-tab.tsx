import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/components/ui/parse-form.ts";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { Capability } from "#db/vocabulary.ts";
import { TitledCard } from "~/components/ui/card.tsx";
import { FormErrors, SwitchField, TextareaField } from "~/components/ui/form-fields.tsx";
import { capabilityFormSchema, PROMPT_MAX, promptKey } from "../sales-config-schema.ts";
import type { SalesConfigView } from "../sales-config.server.ts";
import { FormActions } from "./form-actions.tsx";

type CapabilityTabProps = {
  capability: Capability;
  salesConfig: SalesConfigView;
  lastResult: SubmissionResult<string[]> | null | undefined;
  saving: boolean;
};

/** A capability's tab: its switch (Active/Inactive), its system prompt and its save. */
export function CapabilityTab({ capability, salesConfig, lastResult, saving }: CapabilityTabProps) {
  const { t } = useTranslation("client-config");
  const name = t(`capabilities.names.${capability}`);
  const [form, fields] = useForm({
    id: `capability-form-${capability}`,
    lastResult,
    defaultValue: {
      capability,
      enabled: salesConfig.alexCapabilities[capability] ? "on" : undefined,
      prompt: salesConfig.alexCapabilities[promptKey(capability)],
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: capabilityFormSchema }),
  });
  return (
    <TitledCard
      id="capability-title"
      title={t("capability.title", { name })}
      description={t(`capabilities.descriptions.${capability}`)}
    >
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="capability" value={capability} />
        <FormErrors form={form} />
        <SwitchField
          field={fields.enabled}
          label={t("capability.switch", { name })}
          onText={t("capability.active")}
          offText={t("capability.inactive")}
        />
        <TextareaField
          field={fields.prompt}
          label={t("capability.prompt")}
          hint={t("capability.promptHint", { max: PROMPT_MAX })}
          rows={10}
          maxLength={PROMPT_MAX}
        />
        <FormActions
          intent="capability"
          saveLabel={t("capability.save", { name })}
          resetLabel={t("capability.reset", { name })}
          saving={saving}
        />
      </Form>
    </TitledCard>
  );
}
