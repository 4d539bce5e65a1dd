import { Link2Off, UserPlus } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { PersonRole } from "#db/vocabulary.ts";
import type { Route } from "./+types/invite";
import { hashPassword } from "~/auth/password.server.ts";
import { landingFor } from "~/auth/guard.server.ts";
import { createAuthSession } from "~/auth/session.server.ts";
import { LanguageSelect } from "~/components/language-select.tsx";
import { Card } from "~/components/ui/card.tsx";
import { echoForm, parseForm } from "~/components/ui/parse-form.ts";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { tooManyRequestsHeaders } from "~/server/rate-limit.server.ts";
import { AcceptInviteForm } from "~/team/components/accept-invite-form.tsx";
import { admitInviteRequest } from "~/team/invite-limit.server.ts";
import { acceptInviteSchema } from "~/team/team-schema.ts";
import { acceptInvitation, viewInvitation } from "~/team/team.server.ts";

export const handle = { i18n: ["team"] };

/**
 * The link is the secret: no cache keeps the page. (The site's referrer policy already sends other
 * sites the origin alone; "no-referrer" here would make the browser post the form with `Origin: null`,
 * which React Router refuses as cross-site.)
 */
export const middleware: Route.MiddlewareFunction[] = [
  async (_, next) => {
    const response = (await next()) as Response;
    response.headers.set("Cache-Control", "private, no-store");
    return response;
  },
];

export async function loader({ params, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const verdict = await admitInviteRequest(context);
  if (verdict.limited) {
    return data(
      { state: "limited" as const, title: t("gone.limitedTitle", { ns: "team" }) },
      { status: 429, headers: tooManyRequestsHeaders(verdict) },
    );
  }
  const view = await viewInvitation(context.get(databaseContext), params.token);
  if (view.state === "open") {
    const title = view.businessName
      ? t("accept.businessTitle", { ns: "team", business: view.businessName })
      : t("accept.title", { ns: "team" });
    return { ...view, title };
  }
  return data(
    { state: view.state, title: t("gone.title", { ns: "team" }) },
    { status: view.state === "unknown" ? 404 : 410 },
  );
}

export async function action({ request, params, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const t = getTranslator(context);
  const verdict = await admitInviteRequest(context);
  const formData = await request.formData().catch(() => new FormData());
  if (verdict.limited) {
    const result = echoForm(formData, { schema: acceptInviteSchema }).reply({
      formErrors: ["errors.tooManyRequests"],
      hideFields: ["password", "confirmPassword"],
    });
    return data({ result, gone: false }, { status: 429, headers: tooManyRequestsHeaders(verdict) });
  }
  const submission = parseForm(formData, { schema: acceptInviteSchema });
  if (submission.status !== "success") {
    return data(
      { result: submission.reply({ hideFields: ["password", "confirmPassword"] }), gone: false },
      { status: 400 },
    );
  }
  const gone = () =>
    data({ result: submission.reply({ hideFields: ["password", "confirmPassword"] }), gone: true }, { status: 410 });
  // Looked at before the slow hash, so a dead link costs no hashing; checked again when it is used up.
  const invitation = await viewInvitation(db, params.token);
  if (invitation.state !== "open") return gone();
  const { displayName, password } = submission.value;
  const person = await acceptInvitation(db, params.token, {
    passwordHash: await hashPassword(password),
    displayName,
  });
  if (person === undefined) return gone();
  const cookie = await createAuthSession(db, request, person.operatorId, context.get(requestInfoContext).ip);
  const welcome = invitation.businessName
    ? t("accept.businessWelcome", { ns: "team", name: displayName, business: invitation.businessName })
    : t("accept.welcome", { ns: "team", name: displayName });
  return redirectWithSuccess(landingFor(person, "/admin/dashboard"), welcome, { headers: { "Set-Cookie": cookie } });
}

/** Retry-After of a refused request must reach the browser with the page. */
export const headers: Route.HeadersFunction = ({ actionHeaders, loaderHeaders }) =>
  actionHeaders.has("Retry-After") ? actionHeaders : loaderHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Alex"} | Alex` },
  { name: "robots", content: "noindex" },
];

export default function Invite({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("team");
  const open = loaderData.state === "open" && !actionData?.gone ? loaderData : null;
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-6 px-4 py-10">
      <div className="flex w-full max-w-md items-center justify-between">
        <p className="text-2xl font-bold text-brand-700">Alex</p>
        <LanguageSelect />
      </div>
      <Card className="w-full max-w-md">
        {open ? (
          <>
            <div className="mb-5 flex items-start gap-3">
              <UserPlus className="mt-1 h-6 w-6 shrink-0 text-brand-600" aria-hidden="true" />
              <div>
                <h1 className="text-xl font-semibold">{open.title}</h1>
                <p className="mt-1 text-sm text-slate-600">
                  <InvitedBy {...open} />
                </p>
                <p className="mt-1 text-sm text-slate-600">{t(`roleHelp.${open.role}`)}</p>
              </div>
            </div>
            <AcceptInviteForm email={open.email} displayName={open.displayName} lastResult={actionData?.result} />
          </>
        ) : (
          <div className="space-y-3 text-center">
            <Link2Off className="mx-auto h-10 w-10 text-slate-400" aria-hidden="true" />
            <h1 className="text-xl font-semibold">
              {loaderData.state === "limited" ? t("gone.limitedTitle") : t("gone.title")}
            </h1>
            <p className="text-slate-600">
              {loaderData.state === "limited" ? t("gone.limitedMessage") : t("gone.message")}
            </p>
            <a href="/login" className="inline-block font-medium text-brand-700 underline">
              {t("gone.login")}
            </a>
          </div>
        )}
      </Card>
    </main>
  );
}

/** Who invited the person, to what role, and for a business's person, to which business. */
function InvitedBy({
  inviterName,
  role,
  businessName,
}: {
  inviterName: string | null;
  role: PersonRole;
  businessName: string | null;
}) {
  const { t } = useTranslation("team");
  const values = { inviter: inviterName, role: t(`roles.${role}`), business: businessName };
  if (businessName) return inviterName ? t("accept.businessInvitedBy", values) : t("accept.businessInvited", values);
  return inviterName ? t("accept.invitedBy", values) : t("accept.invited", values);
}
