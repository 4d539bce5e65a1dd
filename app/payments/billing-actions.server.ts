import { data, type RouterContextProvider } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import { generateBills, markPaidByOperator } from "~/billing/billing.server.ts";
import { billingActionSchema } from "~/billing/billing-schema.ts";
import { hasEnded } from "~/billing/periods.ts";
import { isConfirmed } from "~/components/ui/confirm.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { databaseContext, envContext, operatorContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { cardcomClientFor } from "./card-payments.server.ts";
import { paypalClientFor } from "./payments.server.ts";
import { refundBill } from "./refunds.server.ts";

/**
 * The billing page's posts, told apart by `intent`: generate a closed month's bills, mark a bill paid,
 * or refund a paid one at the processor that took it. Here rather than in billing because a refund
 * needs the processors. A refusal is 400 (or the outcome's own status) with the message by the row
 * it came from; a change that cannot be undone is asked for first.
 */
export async function handleBillingAction(request: Request, url: URL, context: Readonly<RouterContextProvider>) {
  const db = context.get(databaseContext);
  const t = getTranslator(context);
  const operator = context.get(operatorContext);
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const formData = await request.formData();
  const submission = parseForm(formData, { schema: billingActionSchema });
  if (submission.status !== "success") {
    const errors = Object.values(submission.error ?? {})
      .flat()
      .filter((message): message is string => typeof message === "string")
      .map((key) => t(key, { ns: "billing" }));
    const error = errors[0] ?? t("errors.invalid", { ns: "billing" });
    return data(
      {
        result: submission.reply(),
        error,
        markPaid: markPaidFailureOf(formData, Boolean(submission.error?.note)),
        refund: refundFailureOf(formData),
      },
      { status: 400 },
    );
  }
  const backPath = `${url.pathname}${url.search}`;
  const now = new Date();
  if (submission.value.intent === "generate") {
    if (!hasEnded(submission.value.period, now, timeZone)) {
      return data(
        {
          result: submission.reply(),
          error: t("errors.periodInProgress", { ns: "billing" }),
          markPaid: undefined,
          refund: undefined,
        },
        { status: 400 },
      );
    }
    const counts = await generateBills(db, {
      period: submission.value.period,
      clientId: submission.value.clientId,
      timeZone,
      now,
      operatorId: operator.id,
    });
    return redirectWithSuccess(backPath, t("generate.done", { ns: "billing", ...counts }));
  }
  if (submission.value.intent === "refund") {
    const { recordId, reason } = submission.value;
    // Money goes back and a credit note is issued: asked for first (the dialog, or this answer without JavaScript).
    if (!isConfirmed(formData)) return { confirmRefund: { recordId, reason } };
    const env = context.get(envContext);
    const outcome = await refundBill(
      db,
      { paypal: paypalClientFor(env), cardcom: cardcomClientFor(env) },
      { recordId, reason, operatorId: operator.id, now },
    );
    if (outcome.ok) return redirectWithSuccess(backPath, t("refund.done", { ns: "billing" }));
    return data(
      {
        result: submission.reply(),
        error: t(outcome.error, { ns: "billing", detail: outcome.detail ?? "" }),
        markPaid: undefined,
        refund: { recordId },
      },
      { status: outcome.status },
    );
  }
  const { recordId, note } = submission.value;
  // A paid bill never changes again: asked for first (the dialog, or this answer without JavaScript).
  if (!isConfirmed(formData)) return { confirmMarkPaid: { recordId, note } };
  const outcome = await markPaidByOperator(db, { recordId, note, operatorId: operator.id, now, timeZone });
  if (outcome === "marked") return redirectWithSuccess(backPath, t("markPaid.done", { ns: "billing" }));
  if (outcome === "alreadyPaid") return redirectWithError(backPath, t("markPaid.alreadyPaid", { ns: "billing" }));
  return data(
    {
      result: submission.reply(),
      error: t(`markPaid.${outcome}`, { ns: "billing" }),
      markPaid: { recordId, noteError: false },
      refund: undefined,
    },
    { status: outcome === "notFound" ? 404 : 409 },
  );
}

/** Which row a refused "mark as paid" came from, so its message shows by that row and not in the generate card. */
function markPaidFailureOf(formData: FormData, noteError: boolean) {
  if (formData.get("intent") !== "markPaid") return undefined;
  const recordId = Number(formData.get("recordId"));
  return Number.isSafeInteger(recordId) && recordId > 0 ? { recordId, noteError } : undefined;
}

/** Which row a refused refund came from, so its message shows by that row. */
function refundFailureOf(formData: FormData) {
  if (formData.get("intent") !== "refund") return undefined;
  const recordId = Number(formData.get("recordId"));
  return Number.isSafeInteger(recordId) && recordId > 0 ? { recordId } : undefined;
}
