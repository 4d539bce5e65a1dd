import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { TitledCard } from "~/components/ui/card.tsx";
import { CheckboxField, FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import {
  MAX_PERSON_WAIT_MINUTES,
  MAX_RATING_QUIET_MINUTES,
  MIN_PERSON_WAIT_MINUTES,
  MIN_RATING_QUIET_MINUTES,
  personHandoverFormSchema,
} from "../person-handover-schema.ts";
import { FormActions } from "./form-actions.tsx";

export type PersonHandover = { personButton: boolean; personWaitMinutes: number; ratingQuietMinutes: number };

/**
 * Whether the widget offers "talk to a person", and how long a visitor who asked for one may wait
 * unanswered before the business's owner is e-mailed a link to the conversation, and after how many
 * quiet minutes a conversation has ended and the visitor is asked "How did we do?".
 */
export function PersonHandoverForm({
  person,
  lastResult,
  saving,
}: {
  person: PersonHandover;
  lastResult: SubmissionResult<string[]> | null | undefined;
  saving: boolean;
}) {
  const { t } = useTranslation("client-config");
  const [form, fields] = useForm({
    id: "person-handover-form",
    lastResult,
    defaultValue: {
      personButton: person.personButton ? "on" : undefined,
      personWaitMinutes: String(person.personWaitMinutes),
      ratingQuietMinutes: String(person.ratingQuietMinutes),
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: personHandoverFormSchema }),
  });
  // Its own messages' namespace: the form also stands in the portal's inbox.
  return (
    <FormMessages ns="client-config">
      <TitledCard id="person-handover-title" title={t("person.title")}>
        <Form method="post" {...getFormProps(form)} className="space-y-4">
          <FormErrors form={form} />
          <CheckboxField field={fields.personButton} label={t("person.button")} hint={t("person.buttonHint")} />
          <TextField
            field={fields.personWaitMinutes}
            type="number"
            inputMode="numeric"
            min={MIN_PERSON_WAIT_MINUTES}
            max={MAX_PERSON_WAIT_MINUTES}
            label={t("person.minutes")}
            hint={t("person.minutesHint")}
            dir="ltr"
          />
          <TextField
            field={fields.ratingQuietMinutes}
            type="number"
            inputMode="numeric"
            min={MIN_RATING_QUIET_MINUTES}
            max={MAX_RATING_QUIET_MINUTES}
            label={t("person.ratingMinutes")}
            hint={t("person.ratingMinutesHint")}
            dir="ltr"
          />
          <FormActions intent="person" saveLabel={t("person.save")} resetLabel={t("person.reset")} saving={saving} />
        </Form>
      </TitledCard>
    </FormMessages>
  );
}
