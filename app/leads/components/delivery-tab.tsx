import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/components/ui/parse-form.ts";
import { RefreshCw, Send } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { DeliveryStatus } from "#db/vocabulary.ts";
import { CLIENT_LANGUAGES } from "#db/vocabulary.ts";
import { explanationText, type Explanation } from "~/checks/explanation.ts";
import { Alert } from "~/components/ui/alert.tsx";
import { Badge, type BadgeTone } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { FormErrors, SelectField, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { ResponsiveTable, type Column } from "~/components/ui/responsive-table.tsx";
import { formatDateTime, formatEventTime } from "~/lib/format.ts";
import type { DeliveryTabData } from "../delivery-settings.server.ts";
import { deliverySettingsSchema } from "../delivery-settings-schema.ts";

/** The scheme as a receiver implements it (docs/decisions/022-signed-lead-webhooks.md); code, so not translated. */
const SIGNATURE_SCHEME = 'X-Alex-Signature: sha256=hex(HMAC-SHA256(secret, X-Alex-Timestamp + "." + body))';

const STATUS_TONES: Record<DeliveryStatus, BadgeTone> = { pending: "warning", delivered: "success", failed: "danger" };

type Row = DeliveryTabData["deliveries"][number];

/**
 * The client page's Lead delivery tab: whether leads are e-mailed (and to whom), the e-mails'
 * language and the webhook address, the webhook's signing secret with Rotate, and the delivery log
 * with a Resend button per delivery.
 */
export function DeliveryTab({
  data: { client, timeZone, now },
  delivery,
  lastResult,
}: {
  /** The client page's own: which client, and the clock and time zone its times are shown in. */
  data: { client: { id: number }; timeZone: string; now: Date };
  delivery: DeliveryTabData;
  lastResult: SubmissionResult<string[]> | undefined;
}) {
  const { t, i18n } = useTranslation("deliveries");
  const explained = useDeliveryProblemText();
  const navigation = useNavigation();
  const busy = navigation.state !== "idle";
  const tabPath = `/admin/clients/${client.id}?tab=delivery`;
  const [form, fields] = useForm({
    id: `lead-delivery-${client.id}`,
    lastResult,
    defaultValue: { language: delivery.language, webhookUrl: delivery.webhookUrl },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: deliverySettingsSchema }),
  });
  const at = (date: Date | null) =>
    date ? formatDateTime(new Date(date), i18n.language, timeZone, { seconds: true }) : t("tab.none");
  const time = (date: Date | null) =>
    date ? formatEventTime(new Date(date), now, i18n.language, timeZone) : t("tab.none");
  const columns: Column<Row>[] = [
    { key: "createdAt", header: t("tab.columns.createdAt"), cell: (row) => time(row.createdAt) },
    { key: "event", header: t("tab.columns.event"), cell: (row) => t(`tab.events.${row.event}`) },
    { key: "channel", header: t("tab.columns.channel"), cell: (row) => t(`tab.channels.${row.channel}`) },
    {
      key: "status",
      header: t("tab.columns.status"),
      cell: (row) => <Badge tone={STATUS_TONES[row.status]}>{t(`tab.statuses.${row.status}`)}</Badge>,
    },
    {
      key: "code",
      header: t("tab.columns.code"),
      cell: (row) => (
        <div className="space-y-1">
          <span dir="ltr">{row.lastStatusCode ?? (row.problem ? null : t("tab.none"))}</span>
          {row.problem ? <DeliveryProblem explanation={row.problem} /> : null}
        </div>
      ),
    },
    {
      key: "attempts",
      header: t("tab.columns.attempts"),
      cell: (row) =>
        row.history.length === 0 ? (
          row.attempts
        ) : (
          <details>
            <summary className="cursor-pointer">{row.attempts}</summary>
            <ol className="mt-1 space-y-1 text-xs text-slate-600">
              {row.history.map((attempt) => (
                <li key={attempt.attempt}>
                  {t("tab.historyLine", {
                    attempt: attempt.attempt,
                    at: at(attempt.attemptedAt),
                    code: attempt.problem ? explained(attempt.problem) : (attempt.statusCode ?? t("tab.none")),
                  })}
                </li>
              ))}
            </ol>
          </details>
        ),
    },
    { key: "nextAttempt", header: t("tab.columns.nextAttempt"), cell: (row) => at(row.nextAttemptAt) },
    {
      key: "actions",
      header: t("tab.columns.actions"),
      cell: (row) => (
        <Form method="post" action={tabPath}>
          <input type="hidden" name="intent" value="resend-delivery" />
          <input type="hidden" name="deliveryId" value={row.id} />
          <Button type="submit" size="sm" variant="secondary" disabled={busy}>
            <Send className="h-4 w-4" aria-hidden="true" />
            {t("tab.resend")}
          </Button>
        </Form>
      ),
    },
  ];

  return (
    <div className="space-y-6">
      <TitledCard
        id="lead-delivery-title"
        title={t("tab.title")}
        description={t("tab.description")}
        className="space-y-4"
      >
        {delivery.mailEnabled ? (
          <Alert tone="success">{t("tab.mailOn", { email: delivery.recipient })}</Alert>
        ) : (
          <Alert tone="warning">
            <Trans t={t} i18nKey="tab.mailOff" components={{ code: <code dir="ltr" /> }} />
          </Alert>
        )}
        <FormMessages ns="deliveries">
          <Form method="post" action={tabPath} {...getFormProps(form)} className="max-w-2xl space-y-4">
            <input type="hidden" name="intent" value="delivery-settings" />
            <FormErrors form={form} />
            <SelectField
              field={fields.language}
              label={t("tab.language")}
              options={CLIENT_LANGUAGES.map((language) => ({ value: language, label: t(`tab.languages.${language}`) }))}
            />
            <TextField
              field={fields.webhookUrl}
              type="url"
              label={t("tab.webhookUrl")}
              hint={t("tab.webhookUrlHint")}
              dir="ltr"
              autoComplete="url"
            />
            <Button type="submit" disabled={busy}>
              {t("tab.save")}
            </Button>
          </Form>
        </FormMessages>
      </TitledCard>

      <TitledCard
        id="webhook-secret-title"
        title={t("tab.secretTitle")}
        description={t("tab.secretHint")}
        className="space-y-3"
      >
        <pre dir="ltr" className="overflow-x-auto rounded bg-slate-50 p-3 text-xs whitespace-pre-wrap">
          {SIGNATURE_SCHEME}
        </pre>
        {delivery.webhookSecret ? (
          <div className="flex flex-wrap items-center gap-3">
            <code dir="ltr" className="rounded bg-slate-100 px-2 py-1 text-sm break-all select-all">
              {delivery.webhookSecret}
            </code>
            <CopyButton text={delivery.webhookSecret} label={t("tab.copySecret")} />
            <Form method="post" action={tabPath}>
              <input type="hidden" name="intent" value="rotate-webhook-secret" />
              <Button type="submit" size="sm" variant="secondary" disabled={busy}>
                <RefreshCw className="h-4 w-4" aria-hidden="true" />
                {t("tab.rotate")}
              </Button>
            </Form>
          </div>
        ) : (
          <p className="text-sm text-slate-600">{t("tab.secretNone")}</p>
        )}
      </TitledCard>

      <TitledCard id="delivery-log-title" title={t("tab.logTitle")}>
        {delivery.deliveries.length === 0 ? (
          <p className="text-sm text-slate-600">{t("tab.logEmpty")}</p>
        ) : (
          <ResponsiveTable
            rows={delivery.deliveries}
            columns={columns}
            rowKey={(row) => row.id}
            label={t("tab.logTitle")}
          />
        )}
      </TitledCard>
    </div>
  );
}

/** A failed attempt in the reader's words; the namespaces its keys may name (checks: the network's failures). */
function useDeliveryProblemText() {
  const { t } = useTranslation(["deliveries", "checks"]);
  return (explanation: Explanation) => explanationText(t, explanation);
}

/**
 * Why the last attempt failed, as the system status page says it (app/checks/components/check-card.tsx):
 * words first, the receiver's or Node's own text behind a Details toggle, breaking anywhere so a
 * long line does not widen the table.
 */
function DeliveryProblem({ explanation }: { explanation: Explanation }) {
  const { t } = useTranslation("deliveries");
  const text = useDeliveryProblemText();
  return (
    <div className="max-w-xs min-w-0 space-y-1 text-xs wrap-anywhere">
      <p>{text(explanation)}</p>
      {explanation.raw ? (
        <details>
          <summary className="cursor-pointer font-medium underline">{t("tab.details")}</summary>
          <code dir="ltr" className="mt-1 block text-start font-mono whitespace-pre-wrap wrap-anywhere">
            {explanation.raw}
          </code>
        </details>
      ) : null}
    </div>
  );
}
