import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/components/ui/parse-form.ts";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { CheckboxField, FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { wordpressConnectionSchema, type WordPressConnectionView } from "../wordpress-connection-schema.ts";

type WordPressConnectionFormProps = {
  clientId: number;
  connection: WordPressConnectionView;
  lastResult: SubmissionResult<string[]> | null | undefined;
};

export const wordpressConnectionPath = (clientId: number) => `/admin/clients/${clientId}/wordpress-connection`;

/**
 * The client's WordPress connection (site, user, Application Password). Self-contained: it posts to
 * its own route, so any page (the client settings' API tab) can show it. The saved password is
 * never in the page: the field starts empty and empty keeps it.
 */
export function WordPressConnectionForm({ clientId, connection, lastResult }: WordPressConnectionFormProps) {
  const { t } = useTranslation("checks");
  const action = wordpressConnectionPath(clientId);
  const navigation = useNavigation();
  const saving = navigation.state === "submitting" && navigation.formAction === action;
  const [form, fields] = useForm({
    id: `wordpress-connection-${clientId}`,
    lastResult,
    defaultValue: { siteUrl: connection?.siteUrl ?? "", username: connection?.username ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: wordpressConnectionSchema }),
  });

  return (
    <FormMessages ns="checks">
      <Form method="post" action={action} {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <TextField
          field={fields.siteUrl}
          type="url"
          label={t("connection.siteUrl")}
          hint={t("connection.siteUrlHint")}
          dir="ltr"
          autoComplete="url"
        />
        <TextField
          field={fields.username}
          label={t("connection.username")}
          hint={t("connection.usernameHint")}
          dir="ltr"
          autoComplete="off"
        />
        <TextField
          field={fields.applicationPassword}
          type="password"
          label={t("connection.applicationPassword")}
          hint={`${t("connection.applicationPasswordHint")} ${connection?.passwordSet ? t("connection.passwordSaved") : t("connection.passwordNotSaved")}`}
          dir="ltr"
          autoComplete="new-password"
        />
        {connection?.passwordSet ? (
          <CheckboxField field={fields.clearPassword} label={t("connection.clearPassword")} />
        ) : null}
        <Button type="submit" disabled={saving}>
          {saving ? t("connection.saving") : t("connection.save")}
        </Button>
      </Form>
    </FormMessages>
  );
}
