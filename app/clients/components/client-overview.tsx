import { Activity, DollarSign, MessageSquare } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { TitledCard } from "~/components/ui/card.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { StatCard } from "~/components/ui/stat-card.tsx";
import { formatCents, formatEventTime, formatNumber } from "~/lib/format.ts";
import type { ClientUsageTotals } from "~/models/usage.server.ts";
import type { ClientPageData } from "../client-page.server.ts";

/** The client page's Overview tab: usage totals and the client's details. */
export function ClientOverview({
  data: { client, timeZone, now },
  totals,
}: {
  data: ClientPageData;
  totals: ClientUsageTotals;
}) {
  const { t, i18n } = useTranslation("clients");
  const language = i18n.language;
  const rows: [string, ReactNode][] = [
    [
      t("detail.overview.ownerEmail"),
      <span key="owner" dir="ltr">
        {client.ownerEmail}
      </span>,
    ],
    ...(client.contactEmail
      ? [
          [
            t("detail.overview.contactEmail"),
            <span key="contact" dir="ltr">
              {client.contactEmail}
            </span>,
          ] as [string, ReactNode],
        ]
      : []),
    [
      t("detail.overview.website"),
      <a
        key="website"
        href={`https://${client.websiteDomain}`}
        target="_blank"
        rel="noopener noreferrer"
        dir="ltr"
        translate="no"
        className="text-brand-700 hover:underline"
      >
        {client.websiteDomain}
      </a>,
    ],
    [t("detail.overview.createdAt"), formatEventTime(new Date(client.createdAt), new Date(now), language, timeZone)],
    [
      t("detail.overview.licenseKey"),
      <span key="license" className="flex flex-wrap items-center gap-2">
        <code dir="ltr" className="text-sm break-all">
          {client.licenseKey}
        </code>
        <CopyButton text={client.licenseKey} label={t("detail.overview.copyLicense")} />
      </span>,
    ],
    [t("detail.overview.plan"), t(`plans.${client.plan}`)],
    [t("detail.overview.monthlyFee"), formatCents(client.monthlyFeeCents, language)],
    [t("detail.overview.onboarding"), client.onboardingPaid ? t("detail.overview.paid") : t("detail.overview.pending")],
  ];
  return (
    <div className="space-y-6">
      <div className="grid gap-4 sm:grid-cols-3">
        <StatCard
          title={t("detail.overview.totalMessages")}
          icon={MessageSquare}
          value={formatNumber(totals.totalMessages, language)}
          caption={t("detail.overview.totalMessagesCaption")}
        />
        <StatCard
          title={t("detail.overview.totalCost")}
          icon={DollarSign}
          value={formatCents(totals.totalCostCents, language)}
          caption={t("detail.overview.totalCostCaption")}
        />
        <StatCard
          title={t("detail.overview.activeSessions")}
          icon={Activity}
          value={formatNumber(totals.activeSessions, language)}
          caption={t("detail.overview.activeSessionsCaption")}
        />
      </div>
      <TitledCard id="client-information-title" title={t("detail.overview.information")}>
        <dl className="grid gap-x-6 gap-y-3 sm:grid-cols-[auto_1fr]">
          {rows.map(([term, value]) => (
            <div key={term} className="contents">
              <dt className="font-medium text-slate-600">{term}</dt>
              <dd className="min-w-0 text-slate-900">{value}</dd>
            </div>
          ))}
        </dl>
      </TitledCard>
    </div>
  );
}
