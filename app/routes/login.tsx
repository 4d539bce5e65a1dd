import { parseForm } from "~/components/ui/parse-form.ts";
import { useTranslation } from "react-i18next";
import { data, Link, redirect, useNavigation } from "react-router";
import type { Route } from "./+types/login";
import { landingFor, safeRedirectPath } from "~/auth/guard.server.ts";
import { attemptLogin } from "~/auth/login.server.ts";
import { loginSchema } from "~/auth/login-schema.ts";
import { startPendingSignIn } from "~/auth/second-factor/pending-sign-in.server.ts";
import { createAuthSession, getOperatorSession } from "~/auth/session.server.ts";
import { AccountPublicPage } from "~/account/components/account-public-page.tsx";
import { LoginForm } from "~/auth/components/login-form.tsx";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { hasSecondFactor } from "~/models/second-factor.server.ts";

export const handle = { i18n: ["account"] };

export async function loader({ request, url, context }: Route.LoaderArgs) {
  const redirectTo = safeRedirectPath(url.searchParams.get("redirectTo"));
  if (await getOperatorSession(context.get(databaseContext), request)) throw redirect(redirectTo);
  return { redirectTo, title: getTranslator(context)("login.title") };
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const submission = parseForm(await request.formData(), { schema: loginSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["password"] }) }, { status: 400 });
  }
  const { ip } = context.get(requestInfoContext);
  const outcome = await attemptLogin(db, submission.value, ip);
  if (outcome.kind === "limited") {
    return data(
      { result: submission.reply({ formErrors: ["login.tooManyAttempts"], hideFields: ["password"] }) },
      { status: 429, headers: { "Retry-After": String(outcome.verdict.retryAfterSeconds) } },
    );
  }
  if (outcome.kind === "invalid") {
    return data(
      { result: submission.reply({ formErrors: ["login.invalidCredentials"], hideFields: ["password"] }) },
      { status: 400 },
    );
  }
  // A business's person lands in their portal; the team where it asked to go (the dashboard by default).
  const destination = landingFor(outcome, safeRedirectPath(submission.value.redirectTo));
  if (await hasSecondFactor(db, outcome.operatorId)) {
    // No session yet: the code comes first, on its own page, within five minutes.
    const pending = await startPendingSignIn(request, { operatorId: outcome.operatorId, redirectTo: destination });
    return redirect("/login/second-factor", { headers: { "Set-Cookie": pending } });
  }
  const cookie = await createAuthSession(db, request, outcome.operatorId, ip);
  return redirect(destination, { headers: { "Set-Cookie": cookie } });
}

/** Retry-After from a refused attempt must reach the browser with the re-rendered page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Login"} | Alex` },
  { name: "robots", content: "noindex" },
];

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const navigation = useNavigation();
  return (
    <AccountPublicPage title={t("login.title")} intro={t("login.subtitle")}>
      <LoginForm
        id="login-page"
        lastResult={actionData?.result}
        redirectTo={loaderData.redirectTo}
        pending={navigation.state === "submitting"}
        forgotPassword={
          <Link to="/forgot-password" className="font-medium text-brand-700 underline">
            {t("forgot.link", { ns: "account" })}
          </Link>
        }
      />
    </AccountPublicPage>
  );
}
