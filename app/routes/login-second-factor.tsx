import { useTranslation } from "react-i18next";
import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login-second-factor";
import { SignInCodeForm } from "~/auth/second-factor/components/sign-in-code-form.tsx";
import { endPendingSignIn, readPendingSignIn } from "~/auth/second-factor/pending-sign-in.server.ts";
import { signInCodeSchema } from "~/auth/second-factor/second-factor-schema.ts";
import { verifySecondFactorCode } from "~/auth/second-factor/second-factor.server.ts";
import { createAuthSession, getOperatorSession } from "~/auth/session.server.ts";
import { AccountPublicPage } from "~/account/components/account-public-page.tsx";
import { Alert } from "~/components/ui/alert.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";

export const handle = { i18n: ["second-factor"] };

export async function loader({ request, context }: Route.LoaderArgs) {
  const pending = await readPendingSignIn(request);
  if (!pending && (await getOperatorSession(context.get(databaseContext), request))) throw redirect("/admin");
  // No password given in the last five minutes: the page says so and leads back to it.
  return { title: getTranslator(context)("signIn.title", { ns: "second-factor" }), expired: !pending };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const submission = parseForm(await request.formData(), { schema: signInCodeSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const pending = await readPendingSignIn(request);
  if (!pending) {
    return data(
      { result: submission.reply({ formErrors: ["signIn.expired"], hideFields: ["code"] }) },
      { status: 400, headers: { "Set-Cookie": await endPendingSignIn(request) } },
    );
  }
  const { ip } = context.get(requestInfoContext);
  const outcome = await verifySecondFactorCode(db, {
    operatorId: pending.operatorId,
    code: submission.value.code,
    ip,
    allowRecoveryCode: true,
  });
  if (outcome.kind === "limited") {
    return data(
      { result: submission.reply({ formErrors: ["errors.tooManyAttempts"], hideFields: ["code"] }) },
      { status: 429, headers: { "Retry-After": String(outcome.retryAfterSeconds) } },
    );
  }
  if (outcome.kind === "invalid") {
    return data(
      { result: submission.reply({ formErrors: ["errors.wrongCode"], hideFields: ["code"] }) },
      { status: 400 },
    );
  }
  const headers = new Headers();
  headers.append("Set-Cookie", await endPendingSignIn(request));
  headers.append("Set-Cookie", await createAuthSession(db, request, pending.operatorId, ip));
  return redirect(pending.redirectTo, { headers });
}

/** Retry-After from a refused code must reach the browser with the re-rendered page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Enter your code"} | Alex` },
  { name: "robots", content: "noindex" },
];

export default function LoginSecondFactor({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("second-factor");
  const navigation = useNavigation();
  return (
    <AccountPublicPage title={t("signIn.title")} intro={t("signIn.subtitle")}>
      {loaderData.expired && !actionData ? (
        <Alert tone="warning">{t("signIn.expired")}</Alert>
      ) : (
        <SignInCodeForm lastResult={actionData?.result} pending={navigation.state === "submitting"} />
      )}
      <p className="mt-5 text-sm">
        <Link to="/login" reloadDocument className="font-medium text-brand-700 underline">
          {t("signIn.back")}
        </Link>
      </p>
    </AccountPublicPage>
  );
}
