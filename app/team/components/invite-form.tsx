import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { BUSINESS_ROLES, TEAM_ROLES, type PersonRole } from "#db/vocabulary.ts";
import { Button } from "~/components/ui/button.tsx";
import { FormErrors, SelectField, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { businessInviteSchema, inviteSchema, type PeopleGroup } from "../team-schema.ts";

const GROUPS = {
  team: { roles: TEAM_ROLES, defaultRole: "agent", schema: inviteSchema },
  business: { roles: BUSINESS_ROLES, defaultRole: "business_staff", schema: businessInviteSchema },
} as const;

/** "Invite a person": their e-mail, a name, a role. The server answers with the link when it could not mail it. */
export function InviteForm({
  lastResult,
  group = "team",
  defaultRole,
}: {
  lastResult: SubmissionResult<string[]> | null | undefined;
  group?: PeopleGroup;
  /** The role chosen to begin with, else the group's least (an agent, staff). */
  defaultRole?: PersonRole;
}) {
  const { t } = useTranslation("team");
  const { roles, schema } = GROUPS[group];
  const navigation = useNavigation();
  const pending = navigation.state !== "idle" && navigation.formData?.get("intent") === "invite";
  const [form, fields] = useForm({
    id: "invite",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    defaultValue: { role: defaultRole ?? GROUPS[group].defaultRole },
    onValidate: ({ formData }) => parseForm(formData, { schema }),
  });
  return (
    <FormMessages ns="team">
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value="invite" />
        <FormErrors form={form} />
        <div className="grid gap-4 sm:grid-cols-2 xl:grid-cols-[2fr_2fr_1fr]">
          <TextField field={fields.email} type="email" label={t("invite.email")} autoComplete="off" dir="ltr" />
          <TextField field={fields.displayName} label={t("invite.name")} autoComplete="off" />
          <SelectField
            field={fields.role}
            label={t("invite.role")}
            options={roles.map((role) => ({ value: role, label: t(`roles.${role}`) }))}
          />
        </div>
        <p className="text-sm text-slate-600">{t(group === "team" ? "invite.roleHelp" : "invite.businessRoleHelp")}</p>
        <Button type="submit" disabled={pending}>
          <UserPlus className="h-4 w-4" aria-hidden="true" />
          {pending ? t("invite.sending") : t("invite.submit")}
        </Button>
      </Form>
    </FormMessages>
  );
}
