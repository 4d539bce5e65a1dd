import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { data, Form, Link, useNavigation } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { Route } from "./+types/reset-password";
import { resetPasswordSchema } from "~/account/account-schemas.ts";
import { AccountPublicPage } from "~/account/components/account-public-page.tsx";
import { isResetTokenLive, resetPassword, reserveResetUse } from "~/account/password-reset.server.ts";
import { PASSWORD_MESSAGE_VALUES } from "~/auth/password-schema.ts";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { NewPasswordFields } from "~/auth/components/new-password-fields.tsx";
import { FormErrors } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { echoForm, parseForm } from "~/components/ui/parse-form.ts";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { tooManyRequestsHeaders } from "~/server/rate-limit.server.ts";

export const handle = { i18n: ["account"] };

/** The link's token is in the address: no other site learns it from a Referer, no cache keeps the page. */
const PRIVATE_PAGE_HEADERS = { "Referrer-Policy": "no-referrer", "Cache-Control": "private, no-store" };

/** A token not of our shape was never a link (404); one that was but no longer works is gone (410). */
const refusedLink = (title: string, token: string) =>
  data(
    { title, live: false as const },
    { status: /^[\w-]{43}$/.test(token) ? 410 : 404, headers: PRIVATE_PAGE_HEADERS },
  );

export async function loader({ params, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  if (!(await isResetTokenLive(context.get(databaseContext), params.token))) {
    return refusedLink(t("reset.invalidTitle", { ns: "account" }), params.token);
  }
  return data({ title: t("reset.title", { ns: "account" }), live: true as const }, { headers: PRIVATE_PAGE_HEADERS });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const t = getTranslator(context);
  const formData = await request.formData().catch(() => new FormData());
  const reservation = await reserveResetUse(db, context.get(requestInfoContext).ip);
  if (reservation.kind === "limited") {
    return data(
      {
        result: echoForm(formData, { schema: resetPasswordSchema }).reply({
          formErrors: ["reset.tooMany"],
          hideFields: ["password", "confirmPassword"],
        }),
        live: true as const,
      },
      { status: 429, headers: { ...tooManyRequestsHeaders(reservation), ...PRIVATE_PAGE_HEADERS } },
    );
  }
  const submission = parseForm(formData, { schema: resetPasswordSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), live: true as const },
      { status: 400, headers: PRIVATE_PAGE_HEADERS },
    );
  }
  if (!(await resetPassword(db, params.token, submission.value.password))) {
    return refusedLink(t("reset.invalidTitle", { ns: "account" }), params.token);
  }
  return redirectWithSuccess("/login", t("reset.changed", { ns: "account" }), { headers: PRIVATE_PAGE_HEADERS });
}

export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Cache-Control") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Choose a new password"} | Alex` },
  { name: "robots", content: "noindex" },
];

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("account");
  // A post that found the link used meanwhile answers without a form result.
  const live = loaderData.live && actionData?.live !== false;
  if (!live) {
    return (
      <AccountPublicPage title={t("reset.invalidTitle")}>
        <Alert tone="warning">
          <p>{t("reset.invalid")}</p>
        </Alert>
        <p className="mt-5 text-sm">
          <Link to="/forgot-password" className="font-medium text-brand-700 underline">
            {t("reset.askAgain")}
          </Link>
        </p>
      </AccountPublicPage>
    );
  }
  return (
    <AccountPublicPage title={t("reset.title")} intro={t("reset.intro")}>
      <ResetForm lastResult={actionData && "result" in actionData ? actionData.result : undefined} />
    </AccountPublicPage>
  );
}

function ResetForm({ lastResult }: { lastResult: SubmissionResult<string[]> | undefined }) {
  const { t } = useTranslation("account");
  const navigation = useNavigation();
  const [form, fields] = useForm({
    id: "reset-password",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: resetPasswordSchema }),
  });
  return (
    <FormMessages ns="account" values={PASSWORD_MESSAGE_VALUES}>
      <Form method="post" {...getFormProps(form)} className="space-y-4">
        <FormErrors form={form} />
        <NewPasswordFields
          password={fields.password}
          confirmPassword={fields.confirmPassword}
          labels={{
            password: t("password.new"),
            hint: t("password.hint", PASSWORD_MESSAGE_VALUES),
            confirm: t("password.confirm"),
          }}
        />
        <Button type="submit" disabled={navigation.state === "submitting"}>
          {navigation.state === "submitting" ? t("reset.submitting") : t("reset.submit")}
        </Button>
      </Form>
    </FormMessages>
  );
}
