import { getFormProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import type { Route } from "./+types/forgot-password";
import { forgotPasswordSchema } from "~/account/account-schemas.ts";
import { AccountPublicPage } from "~/account/components/account-public-page.tsx";
import { requestPasswordReset, reserveResetRequest } from "~/account/password-reset.server.ts";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { echoForm, parseForm } from "~/components/ui/parse-form.ts";
import { databaseContext, envContext, requestInfoContext } from "~/context.ts";
import { publicOrigin } from "~/env.server.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { mailSettingsOf } from "~/mail/send-mail.server.ts";
import { tooManyRequestsHeaders } from "~/server/rate-limit.server.ts";

export const handle = { i18n: ["account"] };

export function loader({ context }: Route.LoaderArgs) {
  return { title: getTranslator(context)("forgot.title", { ns: "account" }) };
}

/**
 * Counts the request against the address's and the typed name's limits before anything else, then
 * answers the same page whether or not the name is someone's (app/account/password-reset.server.ts).
 */
export async function action({ request, url, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const formData = await request.formData().catch(() => new FormData());
  const typed = formData.get("login");
  const reservation = await reserveResetRequest(
    db,
    context.get(requestInfoContext).ip,
    typeof typed === "string" ? typed : null,
  );
  if (reservation.kind === "limited") {
    return data(
      {
        result: echoForm(formData, { schema: forgotPasswordSchema }).reply({ formErrors: ["forgot.tooMany"] }),
        sent: false,
      },
      { status: 429, headers: tooManyRequestsHeaders(reservation) },
    );
  }
  const submission = parseForm(formData, { schema: forgotPasswordSchema });
  if (submission.status !== "success") return data({ result: submission.reply(), sent: false }, { status: 400 });
  const env = context.get(envContext);
  await requestPasswordReset(db, submission.value.login, {
    mail: mailSettingsOf(env),
    origin: publicOrigin(env, url),
    language: context.get(languageContext),
  });
  return { result: submission.reply({ resetForm: true }), sent: true };
}

/** Retry-After of a refused request must reach the browser with the re-rendered page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Forgot your password?"} | Alex` },
  { name: "robots", content: "noindex" },
];

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "forgot-password",
    lastResult: actionData?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: forgotPasswordSchema }),
  });
  const sent = actionData?.sent === true;
  return (
    <AccountPublicPage title={t("forgot.title")} intro={sent ? undefined : t("forgot.intro")}>
      {sent ? (
        <Alert tone="success" title={t("forgot.sentTitle")}>
          <p>{t("forgot.sent")}</p>
        </Alert>
      ) : (
        <FormMessages ns="account">
          <Form method="post" {...getFormProps(form)} className="space-y-4">
            <FormErrors form={form} />
            <TextField field={fields.login} label={t("forgot.login")} autoComplete="username" dir="ltr" />
            <Button type="submit" disabled={navigation.state === "submitting"}>
              {navigation.state === "submitting" ? t("forgot.submitting") : t("forgot.submit")}
            </Button>
          </Form>
        </FormMessages>
      )}
      <p className="mt-5 text-sm">
        <Link to="/login" className="font-medium text-brand-700 underline">
          {t("forgot.backToLogin")}
        </Link>
      </p>
    </AccountPublicPage>
  );
}
