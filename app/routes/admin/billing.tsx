import { PRICE_LIST } from "#db/price-list.ts";
import { Download, Receipt } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/billing";
import { handleBillingAction } from "~/payments/billing-actions.server.ts";
import { filterFromSearch } from "~/billing/billing-schema.ts";
import { defaultBillingPeriod, loadBillingPage } from "~/billing/billing-page.server.ts";
import { BillingFilters } from "~/billing/components/billing-filters.tsx";
import { BillingRecords } from "~/billing/components/billing-records.tsx";
import { BillingTotals } from "~/billing/components/billing-totals.tsx";
import { GenerateBillsForm } from "~/billing/components/generate-bills-form.tsx";
import { MonthInProgressCard } from "~/billing/components/month-in-progress.tsx";
import { formatPeriod } from "~/billing/format-period.ts";
import { TaxDocumentsNotice } from "~/tax-documents/tax-documents-notice.tsx";
import { Button } from "~/components/ui/button.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext } from "~/context.ts";
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

/** Generate bills, mark one paid, refund one: told apart by `intent` (app/payments/billing-actions.server.ts). */
export function action({ request, url, context }: Route.ActionArgs) {
  return handleBillingAction(request, url, context);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Billing"} | Alex` }];

export default function Billing({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("billing");
  const language = i18n.language;
  const {
    totals,
    refunded,
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

      <BillingTotals totals={totals} refunded={refunded} change={change} recordCount={recordCount} />

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

/** The page's filters (its default month too), carried to the CSV export so it holds what the page shows (every page of it). */
function exportSearchOf(filter: { clientId?: number; period?: string; status?: string }) {
  const kept = new URLSearchParams();
  if (filter.clientId) kept.set("clientId", String(filter.clientId));
  if (filter.period) kept.set("period", filter.period);
  if (filter.status) kept.set("status", filter.status);
  const text = kept.toString();
  return text ? `?${text}` : "";
}
