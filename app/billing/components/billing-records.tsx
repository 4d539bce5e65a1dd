import { ExternalLink, FileX } from "lucide-react";
import { useId } from "react";
import { useTranslation } from "react-i18next";
import { Form, useLocation } from "react-router";
import { Alert } from "~/components/ui/alert.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { TextareaField } from "~/components/ui/form-fields.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { ResponsiveTable } from "~/components/ui/responsive-table.tsx";
import { formatCents, formatDateTime, formatNumber } from "~/lib/format.ts";
import { TaxDocumentStatus } from "~/billing/components/tax-document-status.tsx";
import type { BillingRow } from "../billing-page.server.ts";
import { NOTE_MAX_LENGTH, REFUND_REASON_MAX_LENGTH } from "../billing-schema.ts";
import { formatPeriod, statusTone } from "../format-period.ts";

/** A refused "mark as paid", shown by its row. */
export type MarkPaidError = { recordId: number; noteError: boolean; message: string };
/** A "mark as paid" posted without its confirmation (no JavaScript): the server asks by its row. */
export type MarkPaidConfirmation = { recordId: number; note: string };

/** A refused refund, shown by its row (the processor's words in it). */
export type RefundError = { recordId: number; message: string };
/** A refund posted without its confirmation (no JavaScript): the server asks by its row. */
export type RefundConfirmation = { recordId: number; reason: string };

type BillingRecordsProps = {
  refundError: RefundError | undefined;
  confirmRefund: RefundConfirmation | undefined;
  records: BillingRow[];
  page: number;
  pageCount: number;
  timeZone: string;
  markPaidError: MarkPaidError | undefined;
  confirmMarkPaid: MarkPaidConfirmation | undefined;
  morningConfigured: boolean;
};

export function BillingRecords({
  records,
  page,
  pageCount,
  timeZone,
  markPaidError,
  confirmMarkPaid,
  refundError,
  confirmRefund,
  morningConfigured,
}: BillingRecordsProps) {
  const { t, i18n } = useTranslation("billing");
  const language = i18n.language;
  if (records.length === 0) return <EmptyState icon={FileX} title={t("records.empty")} />;
  const money = (cents: number, currency: string) => (
    <bdi className="whitespace-nowrap tabular-nums">{formatCents(cents, language, currency)}</bdi>
  );
  return (
    <>
      <ResponsiveTable
        label={t("records.title")}
        rows={records}
        rowKey={(row) => row.id}
        columns={[
          {
            key: "client",
            header: t("columns.client"),
            cell: (row) => <bdi>{row.businessName}</bdi>,
            className: "font-medium",
          },
          {
            key: "period",
            header: t("columns.period"),
            cell: (row) => <span className="whitespace-nowrap">{formatPeriod(row.billingPeriod, language)}</span>,
          },
          {
            key: "base",
            header: t("columns.baseFee"),
            cell: (row) => money(row.baseFeeCents, row.currency),
          },
          {
            key: "usage",
            header: t("columns.usageFees"),
            cell: (row) => money(row.usageFeesCents, row.currency),
          },
          {
            key: "vat",
            header: t("columns.vat"),
            cell: (row) => (
              <span className="flex flex-col">
                {money(row.vatCents, row.currency)}
                <span className="text-xs text-slate-600">
                  {row.vatRateBasisPoints === 0
                    ? t("vat.zeroRated")
                    : t("vat.rate", { rate: formatNumber(row.vatRateBasisPoints / 100, language) })}
                </span>
              </span>
            ),
          },
          {
            key: "total",
            header: t("columns.total"),
            cell: (row) => money(row.totalCents, row.currency),
            className: "font-semibold",
          },
          {
            key: "status",
            header: t("columns.status"),
            cell: (row) =>
              row.refund?.status === "refunded" ? (
                <Badge tone="neutral">{t("status.refunded")}</Badge>
              ) : (
                <Badge tone={statusTone(row.status)}>{t(`status.${row.status}`, { defaultValue: row.status })}</Badge>
              ),
          },
          {
            key: "actions",
            header: t("columns.actions"),
            cell: (row) => (
              <div className="space-y-2">
                <RecordActions
                  morningConfigured={morningConfigured}
                  row={row}
                  timeZone={timeZone}
                  error={markPaidError?.recordId === row.id ? markPaidError : undefined}
                  confirmation={confirmMarkPaid?.recordId === row.id ? confirmMarkPaid : undefined}
                />
                <RefundAction
                  row={row}
                  timeZone={timeZone}
                  morningConfigured={morningConfigured}
                  error={refundError?.recordId === row.id ? refundError : undefined}
                  confirmation={confirmRefund?.recordId === row.id ? confirmRefund : undefined}
                />
              </div>
            ),
          },
        ]}
      />
      <Pagination page={page} pageCount={pageCount} className="border-t border-slate-100 p-4" />
    </>
  );
}

function RecordActions({
  row,
  timeZone,
  error,
  confirmation,
  morningConfigured,
}: {
  morningConfigured: boolean;
  row: BillingRow;
  timeZone: string;
  error: MarkPaidError | undefined;
  confirmation: MarkPaidConfirmation | undefined;
}) {
  const { t, i18n } = useTranslation("billing");
  const location = useLocation();
  const when = (date: Date) => formatDateTime(date, i18n.language, timeZone);
  const payPath = `/pay/${row.payToken}`;
  // The row is drawn twice (a table row from lg up, a card below), so its form's id comes from useId, not the record.
  const formId = useId();
  const confirmText = {
    title: t("markPaid.confirmTitle", {
      client: row.businessName,
      period: formatPeriod(row.billingPeriod, i18n.language),
    }),
    description: t("markPaid.confirmDescription", { total: formatCents(row.totalCents, i18n.language, row.currency) }),
    confirmLabel: t("markPaid.submit"),
    confirmVariant: "primary" as const,
  };
  const unpaid = row.status !== "paid";
  return (
    <div className="min-w-56 space-y-2">
      {unpaid ? (
        <div className="flex flex-wrap items-center gap-2">
          <Button asChild size="sm" variant="secondary">
            <a
              href={payPath}
              target="_blank"
              rel="noreferrer"
              aria-label={t("actions.payLinkFor", {
                client: row.businessName,
                period: row.billingPeriod,
              })}
            >
              <ExternalLink className="h-4 w-4" aria-hidden="true" />
              {t("actions.payLink")}
            </a>
          </Button>
          <CopyButton text={payPath} label={t("actions.copyPayLink")} />
        </div>
      ) : row.paidAt ? (
        <p className="text-sm text-slate-600">{t("actions.paidAt", { date: when(row.paidAt) })}</p>
      ) : null}
      <TaxDocumentStatus document={row.taxDocument} paid={!unpaid} morningConfigured={morningConfigured} />
      {unpaid || row.events.length > 0 ? (
        <details className="group text-sm" open={error || confirmation ? true : undefined}>
          <summary className="cursor-pointer font-medium text-brand-700 hover:underline">
            {unpaid ? t("actions.markPaid") : t("actions.history")}
          </summary>
          <div className="mt-2 space-y-3">
            {error && !error.noteError ? <Alert tone="error">{error.message}</Alert> : null}
            {unpaid && confirmation ? (
              <ConfirmStep
                {...confirmText}
                fields={{ intent: "markPaid", recordId: row.id, note: confirmation.note }}
                cancelTo={`${location.pathname}${location.search}`}
              />
            ) : unpaid ? (
              <Form id={formId} method="post" className="space-y-2">
                <input type="hidden" name="intent" value="markPaid" />
                <input type="hidden" name="recordId" value={row.id} />
                <TextareaField
                  name="note"
                  label={t("markPaid.note")}
                  hint={t("markPaid.noteHint")}
                  rows={2}
                  required
                  maxLength={NOTE_MAX_LENGTH}
                  dir="auto"
                  errors={error?.noteError ? [error.message] : undefined}
                />
                <ConfirmButton form={formId} size="sm" {...confirmText}>
                  {t("markPaid.submit")}
                </ConfirmButton>
              </Form>
            ) : null}
            {row.events.length > 0 ? (
              <ol aria-label={t("actions.history")} className="space-y-1 border-s-2 border-slate-200 ps-3">
                {row.events.map((event) => (
                  <li key={event.id} className="text-slate-700">
                    <span className="font-medium">{t(`events.${event.kind}`)}</span> ·{" "}
                    <time dateTime={event.createdAt.toISOString()}>{when(event.createdAt)}</time>
                    {event.operator ? (
                      <>
                        {" "}
                        · <bdi>{event.operator}</bdi>
                      </>
                    ) : null}
                    {event.note ? (
                      <p dir="auto" className="whitespace-pre-line break-words text-slate-600">
                        {event.note}
                      </p>
                    ) : null}
                  </li>
                ))}
              </ol>
            ) : null}
          </div>
        </details>
      ) : null}
    </div>
  );
}

/**
 * A paid bill's refund: once refunded, when and its credit note; before, for a bill paid online, the
 * "Refund" form (an optional reason, then a confirmation naming the total and the processor).
 */
function RefundAction({
  row,
  timeZone,
  morningConfigured,
  error,
  confirmation,
}: {
  row: BillingRow;
  timeZone: string;
  morningConfigured: boolean;
  error: RefundError | undefined;
  confirmation: RefundConfirmation | undefined;
}) {
  const { t, i18n } = useTranslation("billing");
  const location = useLocation();
  const formId = useId();
  if (row.refund) {
    return (
      <div className="min-w-44 space-y-1 text-sm">
        {row.refund.refundedAt ? (
          <p className="text-slate-600">
            {t("refund.refundedAt", { date: formatDateTime(row.refund.refundedAt, i18n.language, timeZone) })}
          </p>
        ) : null}
        <TaxDocumentStatus document={row.creditNote} paid morningConfigured={morningConfigured} kind="creditNote" />
      </div>
    );
  }
  if (row.status !== "paid" || !row.paidThrough) return null;
  const period = formatPeriod(row.billingPeriod, i18n.language);
  const confirmText = {
    title: t("refund.confirmTitle", { client: row.businessName, period }),
    description: t("refund.confirmDescription", {
      total: formatCents(row.totalCents, i18n.language, row.currency),
      provider: t(`providers.${row.paidThrough}`),
    }),
    confirmLabel: t("refund.submit"),
    confirmVariant: "danger" as const,
  };
  return (
    <details className="min-w-44 text-sm" open={error || confirmation ? true : undefined}>
      <summary className="cursor-pointer font-medium text-brand-700 hover:underline">{t("refund.action")}</summary>
      <div className="mt-2 space-y-2">
        {error ? <Alert tone="error">{error.message}</Alert> : null}
        {confirmation ? (
          <ConfirmStep
            {...confirmText}
            fields={{ intent: "refund", recordId: row.id, reason: confirmation.reason }}
            cancelTo={`${location.pathname}${location.search}`}
          />
        ) : (
          <Form id={formId} method="post" className="space-y-2">
            <input type="hidden" name="intent" value="refund" />
            <input type="hidden" name="recordId" value={row.id} />
            <TextareaField
              name="reason"
              label={t("refund.reason")}
              hint={t("refund.reasonHint")}
              rows={2}
              maxLength={REFUND_REASON_MAX_LENGTH}
              dir="auto"
            />
            <ConfirmButton form={formId} size="sm" variant="danger" {...confirmText}>
              {t("refund.submit")}
            </ConfirmButton>
          </Form>
        )}
      </div>
    </details>
  );
}
