import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { KeyRound, ShieldCheck } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { Route } from "./+types/account";
import { changePassword, loadAccount, signOutOtherSessions, signOutSession } from "~/account/account.server.ts";
import {
  ACCOUNT_INTENTS,
  changePasswordSchema,
  signOutOthersSchema,
  signOutSessionSchema,
} from "~/account/account-schemas.ts";
import { SessionList } from "~/account/components/session-list.tsx";
import { PASSWORD_MESSAGE_VALUES } from "~/auth/password-schema.ts";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { NewPasswordFields } from "~/auth/components/new-password-fields.tsx";
import { FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { authSessionContext, databaseContext, envContext, operatorContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { formatDateTime } from "~/lib/format.ts";
import { tooManyRequestsHeaders } from "~/server/rate-limit.server.ts";

export const handle = { i18n: ["account"] };

/** Where the second factor is set up (its own page, built beside this one). */
const SECOND_FACTOR_PATH = "/account/second-factor";
const PASSWORD_FIELDS = ["currentPassword", "password", "confirmPassword"];

export async function loader({ context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const account = await loadAccount(
    context.get(databaseContext),
    context.get(operatorContext).id,
    context.get(authSessionContext),
  );
  if (!account) throw data(t("notFound.title"), { status: 404 });
  const language = context.get(languageContext);
  const timeZone = context.get(envContext).TZ_DISPLAY;
  return {
    title: t("page.title", { ns: "account" }),
    person: account.person,
    sessions: account.sessions.map(({ createdAt, ...session }) => ({
      ...session,
      signedInAt: formatDateTime(createdAt, language, timeZone),
    })),
  };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const t = getTranslator(context);
  const operatorId = context.get(operatorContext).id;
  const sessionId = context.get(authSessionContext);
  const formData = await request.formData().catch(() => new FormData());
  const intent = formData.get("intent");

  if (intent === ACCOUNT_INTENTS.signOutSession) {
    const submission = parseForm(formData, { schema: signOutSessionSchema });
    // A malformed handle names no session of theirs, like someone else's: nothing changes.
    const ended =
      submission.status === "success" && (await signOutSession(db, operatorId, sessionId, submission.value.session));
    if (!ended) throw data(t("sessions.unknown", { ns: "account" }), { status: 404 });
    return redirectWithSuccess("/account", t("sessions.signedOut", { ns: "account" }));
  }
  if (intent === ACCOUNT_INTENTS.signOutOthers) {
    parseForm(formData, { schema: signOutOthersSchema });
    const count = await signOutOtherSessions(db, operatorId, sessionId);
    return redirectWithSuccess("/account", t("sessions.signedOutOthers", { ns: "account", count }));
  }

  const submission = parseForm(formData, { schema: changePasswordSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: PASSWORD_FIELDS }) }, { status: 400 });
  }
  const outcome = await changePassword(db, { operatorId, sessionId }, submission.value);
  if (outcome.kind === "limited") {
    return data(
      { result: submission.reply({ formErrors: ["change.tooMany"], hideFields: PASSWORD_FIELDS }) },
      { status: 429, headers: tooManyRequestsHeaders(outcome) },
    );
  }
  if (outcome.kind === "wrong") {
    return data(
      {
        result: submission.reply({
          fieldErrors: { currentPassword: ["change.currentWrong"] },
          hideFields: PASSWORD_FIELDS,
        }),
      },
      { status: 400 },
    );
  }
  return redirectWithSuccess("/account", t("change.changed", { ns: "account" }));
}

/** Retry-After of a refused change must reach the browser with the re-rendered page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "My account"} | Alex` }];

export default function AccountPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const { person, sessions } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader title={t("page.title")} description={t("page.description")} />
      <div className="grid gap-6 xl:grid-cols-2">
        <TitledCard id="account-profile" title={t("profile.title")}>
          <dl className="grid gap-3 text-sm sm:grid-cols-[max-content_1fr] sm:gap-x-6">
            <dt className="font-medium text-slate-600">{t("profile.name")}</dt>
            <dd>{person.displayName ?? t("profile.notSet")}</dd>
            <dt className="font-medium text-slate-600">{t("profile.username")}</dt>
            <dd>
              <bdi dir="ltr">{person.username}</bdi>
            </dd>
            <dt className="font-medium text-slate-600">{t("profile.email")}</dt>
            <dd>{person.email ? <bdi dir="ltr">{person.email}</bdi> : t("profile.notSet")}</dd>
            <dt className="font-medium text-slate-600">{t("profile.role")}</dt>
            <dd>{t(`profile.roles.${person.role}`)}</dd>
          </dl>
        </TitledCard>
        <TitledCard id="account-password" title={t("change.title")} description={t("change.description")}>
          <ChangePasswordForm lastResult={actionData?.result} />
        </TitledCard>
        <TitledCard id="account-sessions" title={t("sessions.title")} description={t("sessions.description")}>
          <SessionList sessions={sessions} />
        </TitledCard>
        <TitledCard
          id="account-second-factor"
          title={t("secondFactor.title")}
          description={t("secondFactor.description")}
        >
          <Button asChild variant="secondary">
            <Link to={SECOND_FACTOR_PATH}>
              <ShieldCheck className="h-4 w-4" aria-hidden="true" />
              {t("secondFactor.link")}
            </Link>
          </Button>
        </TitledCard>
      </div>
    </div>
  );
}

function ChangePasswordForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const changing =
    navigation.state === "submitting" && navigation.formData?.get("intent") === ACCOUNT_INTENTS.changePassword;
  const [form, fields] = useForm({
    id: "change-password",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: changePasswordSchema }),
  });
  return (
    <FormMessages ns="account" values={PASSWORD_MESSAGE_VALUES}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <input type="hidden" name="intent" value={ACCOUNT_INTENTS.changePassword} />
        <FormErrors form={form} />
        <TextField
          field={fields.currentPassword}
          type="password"
          label={t("change.current")}
          autoComplete="current-password"
          dir="ltr"
        />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          labels={{
            password: t("password.new"),
            hint: t("password.hint", PASSWORD_MESSAGE_VALUES),
            confirm: t("password.confirm"),
          }}
        />
        <Button type="submit" disabled={changing}>
          <KeyRound className="h-4 w-4" aria-hidden="true" />
          {changing ? t("change.submitting") : t("change.submit")}
        </Button>
      </Form>
    </FormMessages>
  );
}
