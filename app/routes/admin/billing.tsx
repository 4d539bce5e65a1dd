import { parseForm } from "~/components/ui/parse-form.ts";
import { PRICE_LIST } from "#db/price-list.ts";
import { Download, Receipt } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import type { Route } from "./+types/billing";
import { generateBills, markPaidByOperator } from "~/billing/billing.server.ts";
import { cardcomClientFor } from "~/payments/card-payments.server.ts";
import { paypalClientFor } from "~/payments/payments.server.ts";
import { refundBill } from "~/payments/refunds.server.ts";
import { billingActionSchema, filterFromSearch } from "~/billing/billing-schema.ts";
import { defaultBillingPeriod, loadBillingPage } from "~/billing/billing-page.server.ts";
import { BillingFilters } from "~/billing/components/billing-filters.tsx";
import { BillingRecords } from "~/billing/components/billing-records.tsx";
import { BillingTotals } from "~/billing/components/billing-totals.tsx";
import { GenerateBillsForm } from "~/billing/components/generate-bills-form.tsx";
import { MonthInProgressCard } from "~/billing/components/month-in-progress.tsx";
import { formatPeriod } from "~/billing/format-period.ts";
import { hasEnded } from "~/billing/periods.ts";
import { TaxDocumentsNotice } from "~/tax-documents/tax-documents-notice.tsx";
import { Button } from "~/components/ui/button.tsx";
import { isConfirmed } from "~/components/ui/confirm.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext, operatorContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { formatCents } from "~/lib/format.ts";

export const handle = { i18n: ["billing"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const now = new Date();
  const parsed = filterFromSearch(url.searchParams);
  // No period in the address: the last closed month. An empty one (the picker's "All periods"): every month.
  const filter = {
    ...parsed,
    period: url.searchParams.has("period") ? parsed.period : defaultBillingPeriod(now, timeZone),
  };
  const pageData = await loadBillingPage(db, {
    filter: { clientId: filter.clientId, billingPeriod: filter.period, status: filter.status },
    page: filter.page,
    timeZone,
    now,
  });
  const env = context.get(envContext);
  return {
    title: getTranslator(context)("title", { ns: "billing" }),
    timeZone,
    morningConfigured: Boolean(env.MORNING_API_KEY_ID && env.MORNING_API_KEY_SECRET),
    paymentsMonth: filter.period ?? defaultBillingPeriod(now, timeZone),
    filter,
    exportSearch: exportSearchOf(filter),
    ...pageData,
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
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

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Billing"} | Alex` }];

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("billing");
  const language = i18n.language;
  const {
    totals,
    change,
    records,
    filter,
    clients,
    periods,
    generatable,
    monthInProgress,
    recordCount,
    page,
    pageCount,
    timeZone,
    exportSearch,
    morningConfigured,
    paymentsMonth,
    taxDocuments,
  } = loaderData;

  return (
    <div className="space-y-6">
      <PageHeader
        title={t("title")}
        description={t("subtitle", {
          monthlyFee: formatCents(PRICE_LIST.monthlyFeeCents, language, PRICE_LIST.currency),
          perMessage: formatCents(PRICE_LIST.perBillableMessageCents, language, PRICE_LIST.currency),
        })}
        actions={
          <div className="flex flex-wrap gap-2">
            <Button asChild variant="secondary">
              <a href={`/admin/billing/export${exportSearch}`} download>
                <Download className="h-4 w-4" aria-hidden="true" />
                {t("export")}
              </a>
            </Button>
            <Button asChild variant="secondary">
              <a
                href={`/admin/billing/payments-export?month=${paymentsMonth}`}
                download
                aria-label={t("paymentsExport.linkFor", { period: formatPeriod(paymentsMonth, language) })}
              >
                <Download className="h-4 w-4" aria-hidden="true" />
                {t("paymentsExport.link")}
              </a>
            </Button>
          </div>
        }
      />

      <TaxDocumentsNotice configured={morningConfigured} {...taxDocuments} />

      <MonthInProgressCard month={monthInProgress} timeZone={timeZone} />

      <BillingFilters clients={clients} periods={periods} filter={filter} />

      <BillingTotals totals={totals} change={change} recordCount={recordCount} />

      <GenerateBillsForm
        periods={generatable}
        clients={clients}
        error={
          actionData && "error" in actionData && !actionData.markPaid && !actionData.refund
            ? actionData.error
            : undefined
        }
      />

      <section aria-labelledby="billing-records" className="rounded-xl border border-slate-200 bg-white shadow-sm">
        <div className="flex items-center gap-2 border-b border-slate-200 p-4">
          <Receipt className="h-5 w-5 text-brand-600" aria-hidden="true" />
          <h2 id="billing-records" className="text-lg font-semibold">
            {t("records.title")}
          </h2>
        </div>
        <BillingRecords
          records={records}
          refundError={
            actionData && "refund" in actionData && actionData.refund
              ? { recordId: actionData.refund.recordId, message: actionData.error }
              : undefined
          }
          confirmRefund={actionData && "confirmRefund" in actionData ? actionData.confirmRefund : undefined}
          page={page}
          pageCount={pageCount}
          timeZone={timeZone}
          markPaidError={
            actionData && "markPaid" in actionData && actionData.markPaid
              ? { ...actionData.markPaid, message: actionData.error }
              : undefined
          }
          confirmMarkPaid={actionData && "confirmMarkPaid" in actionData ? actionData.confirmMarkPaid : undefined}
          morningConfigured={morningConfigured}
        />
      </section>
    </div>
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

/** The page's filters (its default month too), carried to the CSV export so it holds what the page shows (every page of it). */
function exportSearchOf(filter: { clientId?: number; period?: string; status?: string }) {
  const kept = new URLSearchParams();
  if (filter.clientId) kept.set("clientId", String(filter.clientId));
  if (filter.period) kept.set("period", filter.period);
  if (filter.status) kept.set("status", filter.status);
  const text = kept.toString();
  return text ? `?${text}` : "";
}
