import type { SubmissionResult } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Card } from "~/components/ui/card.tsx";
import type { Language } from "~/i18n/config.ts";
import { InvestmentForm } from "./investment-form.tsx";
import { formatCompactMoney } from "~/invest/money.ts";
import { PITCH_MONEY } from "~/invest/pitch-figures.ts";
import { ContactLinks, DueDiligence, ExternalDemos } from "./pitch-contact.tsx";
import { Projections, UseOfFunds } from "./pitch-finance.tsx";
import { BackLink, Hero, PitchHeader } from "./pitch-header.tsx";
import { BusinessModel, Highlights, MarketSize, Opportunity } from "./pitch-market.tsx";
import { ExitScenarios, GoToMarket, Risks, Team } from "./pitch-plan.tsx";
import { Section } from "./pitch-section.tsx";

type InvestorPitchProps = {
  language: Language;
  /** Where "ask the agent" opens: the monitor (English) or the provider's own chat widget (Hebrew); null when there is none. */
  chatUrl: string | null;
  lastResult: SubmissionResult<string[]> | null | undefined;
  /** Back from a submission posted without JavaScript. */
  inquirySent: boolean;
};

/** The whole investor pitch (`/invest-en` or `/invest-he`), in the page's one language. */
export function InvestorPitch({ language, chatUrl, lastResult, inquirySent }: InvestorPitchProps) {
  const { t } = useTranslation("invest");
  const money = PITCH_MONEY[language];
  const ask = formatCompactMoney(money.ask, money.currency, language);
  return (
    <>
      <PitchHeader language={language} />
      <main>
        <Hero ask={ask} chatUrl={chatUrl} />
        <Highlights language={language} />
        <Opportunity />
        <MarketSize language={language} />
        <BusinessModel language={language} />
        <Projections language={language} />
        <UseOfFunds language={language} ask={ask} />
        <GoToMarket language={language} />
        <Risks />
        <ExitScenarios />
        <Team />
        <DueDiligence />
        <ExternalDemos />
        <Section id="investment-form" title={t("form.title")} intro={t("form.intro")} tone="muted">
          <Card className="mx-auto max-w-3xl p-6 sm:p-8">
            <InvestmentForm language={language} lastResult={lastResult} sent={inquirySent} />
          </Card>
        </Section>
        <ContactLinks chatUrl={chatUrl} />
      </main>
      <footer className="border-t border-slate-200 bg-white px-4 py-8">
        <div className="mx-auto flex max-w-6xl flex-col gap-4 text-sm text-slate-600 sm:flex-row sm:items-center sm:justify-between">
          <p className="max-w-3xl">{t("footer.disclaimer")}</p>
          <BackLink />
        </div>
      </footer>
    </>
  );
}
