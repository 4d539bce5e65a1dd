import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { Route } from "./+types/second-factor";
import { requirePermission } from "~/auth/guard.server.ts";
import { can } from "~/auth/permissions.ts";
import {
  ConfirmSetupForm,
  IntentButton,
  NewRecoveryCodesForm,
  TeamPolicyForm,
  TurnOffForm,
} from "~/auth/second-factor/components/second-factor-forms.tsx";
import { RecoveryCodesList } from "~/auth/second-factor/components/recovery-codes-list.tsx";
import { secondFactorActionSchema } from "~/auth/second-factor/second-factor-schema.ts";
import {
  confirmSecondFactorSetup,
  loadSecondFactorStatus,
  renewRecoveryCodes,
  startSecondFactorSetup,
  turnOffSecondFactor,
  type SecondFactorStatus,
} from "~/auth/second-factor/second-factor.server.ts";
import { Alert } from "~/components/ui/alert.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { databaseContext, envContext, operatorContext, requestInfoContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { formatDate } from "~/lib/format.ts";
import { findRequireSecondFactor, hasSecondFactor, saveRequireSecondFactor } from "~/models/second-factor.server.ts";

export const handle = { i18n: ["second-factor"] };

const PAGE = "/account/second-factor";

export async function loader({ context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const operator = context.get(operatorContext);
  const [status, required] = await Promise.all([loadSecondFactorStatus(db, operator.id), findRequireSecondFactor(db)]);
  return {
    title: getTranslator(context)("title", { ns: "second-factor" }),
    status,
    required,
    isOwner: can(operator.role, "team.manage"),
    timeZone: context.get(envContext).TZ_DISPLAY,
  };
}

type Intent = "start" | "confirm" | "recovery-codes" | "turn-off" | "policy";

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const operator = context.get(operatorContext);
  const { ip } = context.get(requestInfoContext);
  const t = getTranslator(context);
  const submission = parseForm(await request.formData(), { schema: secondFactorActionSchema });
  if (submission.status !== "success") {
    const intent = submission.payload.intent;
    return data(
      {
        intent: typeof intent === "string" ? intent : null,
        result: submission.reply({ hideFields: ["password"] }),
        recoveryCodes: null,
      },
      { status: 400 },
    );
  }
  const value = submission.value;
  const refuse = (error: string, status = 400, headers?: HeadersInit) =>
    data(
      {
        intent: value.intent as Intent | null,
        result: submission.reply({ formErrors: [error], hideFields: ["password"], resetForm: false }),
        recoveryCodes: null,
      },
      { status, headers },
    );
  const limited = (retryAfterSeconds: number) =>
    refuse("errors.tooManyAttempts", 429, { "Retry-After": String(retryAfterSeconds) });
  const shown = (recoveryCodes: string[]) => ({ intent: value.intent, result: null, recoveryCodes });

  switch (value.intent) {
    case "start": {
      await startSecondFactorSetup(db, operator.id);
      return redirect(PAGE);
    }
    case "confirm": {
      const outcome = await confirmSecondFactorSetup(db, { operatorId: operator.id, code: value.code, ip });
      if (outcome.kind === "limited") return limited(outcome.retryAfterSeconds);
      if (outcome.kind === "notPending") return refuse("errors.notPending", 409);
      if (outcome.kind === "invalid") return refuse("errors.wrongCode");
      return shown(outcome.value);
    }
    case "recovery-codes": {
      const outcome = await renewRecoveryCodes(db, { operatorId: operator.id, code: value.code, ip });
      if (outcome.kind === "limited") return limited(outcome.retryAfterSeconds);
      if (outcome.kind === "invalid") return refuse("errors.wrongCode");
      return shown(outcome.value);
    }
    case "turn-off": {
      const outcome = await turnOffSecondFactor(db, { operatorId: operator.id, ...value, ip });
      if (outcome.kind === "limited") return limited(outcome.retryAfterSeconds);
      if (outcome.kind === "required") return refuse("turnOff.requiredByTeam", 409);
      if (outcome.kind === "wrongPassword") return refuse("errors.wrongPassword");
      if (outcome.kind === "invalid") return refuse("errors.wrongCode");
      return redirectWithSuccess(PAGE, t("turnOff.done", { ns: "second-factor" }));
    }
    case "policy": {
      requirePermission(context, "team.manage");
      const required = value.requireSecondFactor === "on";
      // Whoever turns the rule on would be the first sent to the set-up page: they set theirs up first.
      if (required && !(await hasSecondFactor(db, operator.id))) return refuse("policy.ownFirst", 409);
      await saveRequireSecondFactor(db, required);
      return redirectWithSuccess(PAGE, t(required ? "policy.savedOn" : "policy.savedOff", { ns: "second-factor" }));
    }
  }
}

/** Retry-After from a refused code must reach the browser with the re-rendered page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Second factor"} | Alex` },
];

export default function SecondFactorPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("second-factor");
  const { status, required, isOwner, timeZone } = loaderData;
  const replyFor = (intent: Intent) => (actionData?.intent === intent ? actionData.result : undefined);
  return (
    <FormMessages ns="second-factor">
      <div className="max-w-3xl space-y-6">
        <PageHeader title={t("title")} description={t("intro")} />
        {required && status.state !== "on" ? (
          <Alert tone="warning" title={t("required.title")}>
            {t("required.message")}
          </Alert>
        ) : null}
        {actionData?.recoveryCodes ? <RecoveryCodesList codes={actionData.recoveryCodes} /> : null}
        <StatusCard status={status} timeZone={timeZone} replyFor={replyFor} />
        {status.state === "on" ? (
          <>
            <TitledCard id="second-factor-renew" title={t("renew.title")} description={t("renew.message")}>
              <NewRecoveryCodesForm lastResult={replyFor("recovery-codes")} />
            </TitledCard>
            <TitledCard id="second-factor-turn-off" title={t("turnOff.title")} description={t("turnOff.message")}>
              {required ? (
                <p className="text-sm text-slate-700">{t("turnOff.requiredByTeam")}</p>
              ) : (
                <TurnOffForm lastResult={replyFor("turn-off")} />
              )}
            </TitledCard>
          </>
        ) : null}
        {isOwner ? (
          <TitledCard id="second-factor-policy" title={t("policy.title")} description={t("policy.message")}>
            <TeamPolicyForm required={required} lastResult={replyFor("policy")} />
          </TitledCard>
        ) : null}
      </div>
    </FormMessages>
  );
}

type StatusCardProps = {
  status: SecondFactorStatus;
  timeZone: string;
  replyFor: (intent: Intent) => Parameters<typeof ConfirmSetupForm>[0]["lastResult"];
};

function StatusCard({ status, timeZone, replyFor }: StatusCardProps) {
  const { t, i18n } = useTranslation("second-factor");
  if (status.state === "on") {
    return (
      <TitledCard id="second-factor-status" title={t("status.label")}>
        <div className="space-y-2 text-sm text-slate-700">
          <Badge tone="success">{t("status.on")}</Badge>
          <p>{t("status.since", { date: formatDate(status.since, i18n.language, timeZone) })}</p>
          <p>{t("status.recoveryLeft", { count: status.unusedRecoveryCodes })}</p>
        </div>
      </TitledCard>
    );
  }
  if (status.state === "off") {
    return (
      <TitledCard id="second-factor-status" title={t("off.title")} description={t("off.message")}>
        <IntentButton intent="start">{t("off.start")}</IntentButton>
      </TitledCard>
    );
  }
  return (
    <TitledCard id="second-factor-status" title={t("setup.title")}>
      <ol className="list-decimal space-y-5 ps-5 text-sm text-slate-700">
        <li className="space-y-3">
          <p>{t("setup.scan")}</p>
          <div
            role="img"
            aria-label={t("setup.qrLabel")}
            data-testid="second-factor-qr"
            className="w-48 rounded-lg border border-slate-200 bg-white p-2 [&>svg]:block [&>svg]:h-auto [&>svg]:w-full"
            // Drawn on the server by qrcode from our own otpauth address: paths only, no script or link.
            dangerouslySetInnerHTML={{ __html: status.qrSvg }}
          />
        </li>
        <li className="space-y-2">
          <p>{t("setup.manual")}</p>
          <div className="flex flex-wrap items-center gap-3">
            <code
              dir="ltr"
              className="rounded bg-slate-100 px-2 py-1 font-mono text-base break-all text-slate-900"
              data-testid="second-factor-key"
            >
              {status.key}
            </code>
            <CopyButton text={status.key.replaceAll(" ", "")} label={t("setup.copyKey")} />
          </div>
        </li>
        <li className="space-y-3">
          <p>{t("setup.confirm")}</p>
          <ConfirmSetupForm lastResult={replyFor("confirm")} />
        </li>
      </ol>
      <div className="mt-5 border-t border-slate-200 pt-4">
        <IntentButton intent="start" variant="secondary">
          {t("setup.restart")}
        </IntentButton>
      </div>
    </TitledCard>
  );
}
