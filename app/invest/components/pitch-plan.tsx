import {
  BarChart3,
  Briefcase,
  Building2,
  Cpu,
  Handshake,
  Megaphone,
  Rocket,
  ShieldCheck,
  TrendingUp,
} from "lucide-react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card.tsx";
import type { Language } from "~/i18n/config.ts";
import { formatNumber } from "~/lib/format.ts";
import { IconCard, Section } from "./pitch-section.tsx";

export function GoToMarket({ language }: { language: Language }) {
  const { t } = useTranslation("invest");
  const phases = [
    { number: 1, icon: Handshake },
    { number: 2, icon: Megaphone },
    { number: 3, icon: Rocket },
  ];
  return (
    <Section id="go-to-market" title={t("goToMarket.title")} intro={t("goToMarket.intro")} tone="muted">
      <ol className="grid gap-6 md:grid-cols-3">
        {phases.map(({ number, icon: Icon }) => (
          <li key={number}>
            <Card className="h-full border-t-4 border-t-brand-600">
              <div className="flex items-center justify-between gap-3">
                <p className="text-sm font-semibold text-brand-700">
                  {t("goToMarket.phase", { number: formatNumber(number, language) })}
                </p>
                <Icon className="h-6 w-6 text-brand-600" aria-hidden="true" />
              </div>
              <h3 className="mt-3 text-lg font-semibold text-slate-900">{t(`goToMarket.phase${number}Title`)}</h3>
              <p className="text-sm text-slate-600">{t(`goToMarket.phase${number}Period`)}</p>
              <p className="mt-3 text-slate-700">{t(`goToMarket.phase${number}Text`)}</p>
            </Card>
          </li>
        ))}
      </ol>
    </Section>
  );
}

export function Risks() {
  const { t } = useTranslation("invest");
  const risks = ["aiCost", "competition", "adoption", "privacy", "churn"] as const;
  return (
    <Section id="risks" title={t("risks.title")} intro={t("risks.intro")}>
      <ul className="grid gap-4 md:grid-cols-2">
        {risks.map((risk) => (
          <li key={risk}>
            <Card className="h-full">
              <dl className="space-y-3">
                <div>
                  <dt className="text-sm font-semibold text-red-700">{t("risks.risk")}</dt>
                  <dd className="mt-1 font-medium text-slate-900">{t(`risks.${risk}Risk`)}</dd>
                </div>
                <div>
                  <dt className="flex items-center gap-2 text-sm font-semibold text-emerald-800">
                    <ShieldCheck className="h-4 w-4" aria-hidden="true" />
                    {t("risks.mitigation")}
                  </dt>
                  <dd className="mt-1 text-slate-700">{t(`risks.${risk}Mitigation`)}</dd>
                </div>
              </dl>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

export function ExitScenarios() {
  const { t } = useTranslation("invest");
  const scenarios = [
    { key: "acquisition", icon: Handshake },
    { key: "merger", icon: Building2 },
    { key: "growth", icon: TrendingUp },
  ] as const;
  return (
    <Section id="exit" title={t("exit.title")} intro={t("exit.intro")} tone="muted">
      <div className="grid gap-6 md:grid-cols-3">
        {scenarios.map(({ key, icon }) => (
          <IconCard key={key} icon={icon} title={t(`exit.${key}Title`)}>
            <p>{t(`exit.${key}Text`)}</p>
          </IconCard>
        ))}
      </div>
    </Section>
  );
}

export function Team() {
  const { t } = useTranslation("invest");
  const members = [
    { key: "ceo", icon: Briefcase },
    { key: "cto", icon: Cpu },
    { key: "training", icon: BarChart3 },
    { key: "sales", icon: Handshake },
  ] as const;
  return (
    <Section id="team" title={t("team.title")} intro={t("team.intro")}>
      <ul className="grid gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {members.map(({ key, icon }) => (
          <li key={key}>
            <IconCard icon={icon} title={t(`team.${key}Role`)}>
              <p className="text-sm">{t(`team.${key}Text`)}</p>
            </IconCard>
          </li>
        ))}
      </ul>
      <p className="mt-6 text-slate-700">{t("team.advisors")}</p>
    </Section>
  );
}
