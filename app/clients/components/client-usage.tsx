import { Download, FileDown } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { Card, TitledCard } from "~/components/ui/card.tsx";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { SelectField } from "~/components/ui/form-fields.tsx";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { formatCents, formatDate, formatNumber } from "~/lib/format.ts";
import type { DailyUsage, TokenTotals } from "~/models/usage.server.ts";
import type { ClientPageData } from "../client-page.server.ts";
import { USAGE_PERIODS } from "../client-schema.ts";

function UsageExportForm({ clientId }: { clientId: number }) {
  const { t } = useTranslation("clients");
  return (
    <form method="get" action={`/admin/clients/${clientId}/usage-export`} className="flex flex-wrap items-end gap-3">
      <SelectField
        name="period"
        label={t("detail.usage.period")}
        defaultValue="month"
        options={USAGE_PERIODS.map((period) => ({ value: period, label: t(`detail.usage.periods.${period}`) }))}
      />
      <Button type="submit">
        <Download className="h-4 w-4" aria-hidden="true" />
        {t("detail.usage.download")}
      </Button>
    </form>
  );
}

/**
 * The month so far: what the client was charged beside the model tokens its turns took, so an operator
 * sees what a client's Alex costs against what it brings in.
 */
function MonthTokens({ tokens }: { tokens: TokenTotals & { chargedCents: number } }) {
  const { t, i18n } = useTranslation("clients");
  const language = i18n.language;
  const figure = (label: string, value: string) => (
    <div>
      <dt className="text-sm text-slate-600">{label}</dt>
      <dd className="text-lg font-semibold tabular-nums">{value}</dd>
    </div>
  );
  return (
    <TitledCard
      id="month-tokens-title"
      title={t("detail.usage.tokens.title")}
      description={t("detail.usage.tokens.description")}
    >
      <dl className="grid grid-cols-2 gap-4 sm:grid-cols-4">
        {figure(t("detail.usage.tokens.charged"), formatCents(tokens.chargedCents, language))}
        {figure(t("detail.usage.tokens.prompt"), formatNumber(tokens.promptTokens, language))}
        {figure(t("detail.usage.tokens.reply"), formatNumber(tokens.replyTokens, language))}
        {figure(t("detail.usage.tokens.turns"), formatNumber(tokens.modelTurns, language))}
      </dl>
      <p className="mt-3 text-sm text-slate-600">
        {tokens.modelTurns === 0
          ? t("detail.usage.tokens.none")
          : tokens.countedTurns > 0
            ? t("detail.usage.tokens.counted", { count: tokens.countedTurns })
            : t("detail.usage.tokens.fromProvider")}
      </p>
    </TitledCard>
  );
}

/** The client page's Usage & Billing tab: the month's charges and model tokens, the Export Usage CSV (a dialog, or the form itself without JavaScript) and the latest days. */
export function ClientUsage({
  data: { client },
  days,
  monthTokens,
}: {
  data: ClientPageData;
  days: DailyUsage[];
  monthTokens: TokenTotals & { chargedCents: number };
}) {
  const { t, i18n } = useTranslation("clients");
  const hydrated = useHydrated();
  const language = i18n.language;
  return (
    <div className="space-y-6">
      <MonthTokens tokens={monthTokens} />
      <Card aria-labelledby="usage-export-title" className="space-y-3">
        <div className="flex flex-wrap items-center justify-between gap-3">
          <div>
            <h2 id="usage-export-title" className="text-lg font-semibold">
              {t("detail.usage.exportTitle")}
            </h2>
            <p className="text-sm text-slate-600">{t("detail.usage.exportDescription")}</p>
          </div>
          {hydrated ? (
            <Dialog>
              <DialogTrigger asChild>
                <Button variant="secondary">
                  <FileDown className="h-4 w-4" aria-hidden="true" />
                  {t("detail.usage.export")}
                </Button>
              </DialogTrigger>
              <DialogContent title={t("detail.usage.exportTitle")} description={t("detail.usage.exportDescription")}>
                <UsageExportForm clientId={client.id} />
              </DialogContent>
            </Dialog>
          ) : null}
        </div>
        {hydrated ? null : <UsageExportForm clientId={client.id} />}
      </Card>
      <TitledCard
        id="recent-usage-title"
        title={t("detail.usage.recent")}
        description={t("detail.usage.recentDescription")}
      >
        {days.length === 0 ? (
          <EmptyState title={t("detail.usage.empty")} />
        ) : (
          <ul className="divide-y divide-slate-100">
            {days.map((day) => (
              <li key={day.date} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span className="font-medium">{formatDate(`${day.date}T00:00:00Z`, language, "UTC")}</span>
                <span className="flex flex-wrap gap-x-4 gap-y-1 text-sm text-slate-600">
                  <span>
                    {t("detail.usage.conversations")}: {formatNumber(day.conversations, language)}
                  </span>
                  <span>
                    {t("detail.usage.articles")}: {formatNumber(day.articles, language)}
                  </span>
                  <span>
                    {t("detail.usage.solutions")}: {formatNumber(day.solutions, language)}
                  </span>
                  <span className="font-medium text-slate-900">
                    {t("detail.usage.cost")}: {formatCents(day.totalCents, language)}
                  </span>
                </span>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}
