import type { SubmissionResult } from "@conform-to/react";
import {
  ArrowLeft,
  BarChart3,
  Briefcase,
  Building2,
  CalendarDays,
  Clock,
  Cpu,
  ExternalLink,
  FileText,
  Globe2,
  Handshake,
  Lightbulb,
  Mail,
  Megaphone,
  MessageCircle,
  Rocket,
  Settings2,
  ShieldCheck,
  Target,
  TrendingUp,
  Users,
  type LucideIcon,
} from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { INVEST_PATHS, type Language } from "~/i18n/config.ts";
import { formatNumber, formatPercent } from "~/lib/format.ts";
import { InvestmentForm } from "./investment-form.tsx";
import { formatCompactMoney, formatMoney } from "~/invest/money.ts";
import { ColumnChart, DonutChart, SEGMENT_COLOURS } from "./pitch-charts.tsx";
import { MARKET, PITCH_MONEY, PROJECTED_CUSTOMERS, USE_OF_FUNDS } from "~/invest/pitch-figures.ts";

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

function BackLink() {
  const { t } = useTranslation("invest");
  return (
    <a href="/" className="inline-flex items-center gap-2 font-medium text-brand-700 hover:underline">
      <ArrowLeft className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
      {t("nav.back")}
    </a>
  );
}

function PitchHeader({ language }: { language: Language }) {
  const { t } = useTranslation("invest");
  const other: Language = language === "en" ? "he" : "en";
  return (
    <header className="border-b border-slate-200 bg-white">
      <div className="mx-auto flex h-16 max-w-6xl items-center gap-3 px-4">
        <a href="/" className="text-2xl font-bold text-brand-700">
          {t("brand", { ns: "common" })}
        </a>
        <nav aria-label={t("nav.label")} className="ms-auto">
          <ul className="flex items-center gap-1 sm:gap-3">
            <li>
              <BackLink />
            </li>
            <li>
              <a
                href={INVEST_PATHS[other]}
                lang={other}
                hrefLang={other}
                className="inline-flex h-9 items-center rounded-lg border border-slate-300 px-3 text-sm font-medium text-slate-700 hover:bg-slate-100"
              >
                {t("nav.otherLanguage")}
              </a>
            </li>
          </ul>
        </nav>
      </div>
    </header>
  );
}

/** Opens in a new tab, and says so to screen-reader users. */
function NewTabLink({
  href,
  children,
  className,
  external,
}: {
  href: string;
  children: ReactNode;
  className?: string;
  external?: boolean;
}) {
  const { t } = useTranslation("invest");
  return (
    <a
      href={href}
      target="_blank"
      rel={external ? "noopener noreferrer external" : "noopener noreferrer"}
      className={className}
    >
      {children}
      <span className="sr-only"> {t("newTab")}</span>
    </a>
  );
}

function ChatButton({ href }: { href: string }) {
  const { t } = useTranslation("invest");
  return (
    <Button asChild size="lg" className="h-full min-h-12 w-full justify-start sm:w-auto">
      <NewTabLink href={href}>
        <MessageCircle className="h-5 w-5 shrink-0" aria-hidden="true" />
        {t("hero.ctaChat")}
      </NewTabLink>
    </Button>
  );
}

function Hero({ ask, chatUrl }: { ask: string; chatUrl: string | null }) {
  const { t } = useTranslation("invest");
  return (
    <section
      aria-labelledby="pitch-title"
      className="bg-gradient-to-b from-brand-900 to-brand-700 px-4 py-16 text-white sm:py-24"
    >
      <div className="mx-auto grid max-w-6xl items-center gap-10 lg:grid-cols-[1fr_auto]">
        <div>
          <p className="text-sm font-semibold tracking-wide text-brand-100 uppercase">{t("hero.eyebrow")}</p>
          <h1 id="pitch-title" className="mt-3 text-4xl font-bold tracking-tight sm:text-5xl">
            {t("hero.title")}
          </h1>
          <p className="mt-6 max-w-2xl text-lg text-brand-50">{t("hero.subtitle")}</p>
          <div className="mt-8 flex flex-wrap gap-3">
            <Button asChild size="lg" variant="secondary" className="border-white">
              <a href="#investment-form">{t("hero.ctaForm")}</a>
            </Button>
            {chatUrl ? (
              <Button asChild size="lg" className="border border-white/60 bg-white/10 hover:bg-white/20">
                <NewTabLink href={chatUrl}>
                  <MessageCircle className="h-5 w-5" aria-hidden="true" />
                  {t("hero.ctaChat")}
                </NewTabLink>
              </Button>
            ) : null}
          </div>
        </div>
        <div className="rounded-2xl bg-white/10 p-8 text-center ring-1 ring-white/30">
          <p className="text-brand-100">{t("hero.askLabel")}</p>
          <p className="mt-2 text-5xl font-bold sm:text-6xl">
            <bdi>{ask}</bdi>
          </p>
          <p className="mx-auto mt-3 max-w-56 text-sm text-brand-100">{t("hero.askNote")}</p>
        </div>
      </div>
    </section>
  );
}

function Section({
  id,
  title,
  intro,
  tone = "plain",
  children,
}: {
  id: string;
  title: string;
  intro?: string;
  tone?: "plain" | "muted";
  children: ReactNode;
}) {
  return (
    <section
      id={id}
      aria-labelledby={`${id}-title`}
      className={tone === "muted" ? "bg-slate-100 px-4 py-16" : "bg-white px-4 py-16"}
    >
      <div className="mx-auto max-w-6xl">
        <h2 id={`${id}-title`} className="text-3xl font-bold tracking-tight text-slate-900">
          {title}
        </h2>
        {intro ? <p className="mt-3 max-w-3xl text-lg text-slate-600">{intro}</p> : null}
        <div className="mt-10">{children}</div>
      </div>
    </section>
  );
}

function IconCard({ icon: Icon, title, children }: { icon: LucideIcon; title?: string; children: ReactNode }) {
  return (
    <Card className="h-full">
      <Icon className="h-8 w-8 text-brand-600" aria-hidden="true" />
      {title ? <h3 className="mt-4 text-lg font-semibold text-slate-900">{title}</h3> : null}
      <div className="mt-2 text-slate-700">{children}</div>
    </Card>
  );
}

function Highlights({ language }: { language: Language }) {
  const { t } = useTranslation("invest");
  const money = PITCH_MONEY[language];
  const figures = [
    { value: formatNumber(MARKET.existingBusinesses, language), label: t("highlights.existing") },
    { value: formatNumber(MARKET.targetBusinesses, language), label: t("highlights.target") },
    { value: formatNumber(MARKET.totalBusinesses, language), label: t("highlights.market") },
    {
      value: formatMoney(money.monthlyFee, money.currency, language),
      label: t("highlights.price", { usage: formatMoney(money.perConversation, money.currency, language) }),
    },
  ];
  return (
    <section aria-label={t("highlights.label")} className="border-b border-slate-200 bg-white px-4 py-10">
      <dl className="mx-auto grid max-w-6xl gap-6 sm:grid-cols-2 lg:grid-cols-4">
        {figures.map((figure) => (
          <div key={figure.label} className="flex flex-col-reverse text-center">
            <dt className="mt-1 text-sm text-slate-600">{figure.label}</dt>
            <dd className="text-3xl font-bold text-brand-700">
              <bdi>{figure.value}</bdi>
            </dd>
          </div>
        ))}
      </dl>
    </section>
  );
}

function Opportunity() {
  const { t } = useTranslation("invest");
  return (
    <Section id="opportunity" title={t("opportunity.title")}>
      <div className="grid gap-6 md:grid-cols-3">
        <IconCard icon={Clock}>
          <p>{t("opportunity.problem")}</p>
        </IconCard>
        <IconCard icon={MessageCircle}>
          <p>{t("opportunity.solution")}</p>
        </IconCard>
        <IconCard icon={Lightbulb}>
          <p>{t("opportunity.why")}</p>
        </IconCard>
      </div>
    </Section>
  );
}

function MarketSize({ language }: { language: Language }) {
  const { t } = useTranslation("invest");
  const share = formatPercent((MARKET.targetBusinesses / MARKET.totalBusinesses) * 100, language);
  const cards = [
    { icon: Globe2, value: MARKET.totalBusinesses, title: t("market.total"), text: t("market.totalText") },
    {
      icon: Target,
      value: MARKET.targetBusinesses,
      title: t("market.target"),
      text: t("market.targetText", { share }),
    },
    {
      icon: Building2,
      value: MARKET.existingBusinesses,
      title: t("market.existing"),
      text: t("market.existingText", { number: formatNumber(MARKET.existingBusinesses, language) }),
    },
  ];
  return (
    <Section id="market" title={t("market.title")} intro={t("market.intro")} tone="muted">
      <div className="grid gap-6 md:grid-cols-3">
        {cards.map((card) => (
          <IconCard key={card.title} icon={card.icon} title={card.title}>
            <p className="text-3xl font-bold text-brand-700">
              <bdi>{formatNumber(card.value, language)}</bdi>
            </p>
            <p className="mt-2">{card.text}</p>
          </IconCard>
        ))}
      </div>
      <figure className="mt-10 max-w-3xl">
        <figcaption className="font-medium text-slate-800">{t("market.chartTitle")}</figcaption>
        <div className="mt-3 space-y-3" aria-hidden="true">
          <div className="h-6 w-full rounded-full bg-slate-200">
            <div
              className="h-6 rounded-full bg-brand-600"
              style={{ width: `${(MARKET.targetBusinesses / MARKET.totalBusinesses) * 100}%` }}
            />
          </div>
        </div>
        <p className="mt-3 text-sm text-slate-600">
          {t("market.chartDescription", {
            target: formatNumber(MARKET.targetBusinesses, language),
            total: formatNumber(MARKET.totalBusinesses, language),
            existing: formatNumber(MARKET.existingBusinesses, language),
            share,
          })}
        </p>
      </figure>
    </Section>
  );
}

function BusinessModel({ language }: { language: Language }) {
  const { t } = useTranslation("invest");
  const { currency, monthlyFee, perConversation, typicalMonth } = PITCH_MONEY[language];
  const prices = [
    { amount: monthlyFee, label: t("model.monthly") },
    { amount: perConversation, label: t("model.usage") },
    { amount: 0, label: t("model.setup") },
  ];
  return (
    <Section id="business-model" title={t("model.title")} intro={t("model.intro")}>
      <ul className="grid gap-6 md:grid-cols-3">
        {prices.map((price) => (
          <li key={price.label}>
            <Card className="h-full text-center">
              <p className="text-4xl font-bold text-brand-700">
                <bdi>{formatMoney(price.amount, currency, language)}</bdi>
              </p>
              <p className="mt-2 text-slate-700">{price.label}</p>
            </Card>
          </li>
        ))}
      </ul>
      <div className="mt-8 space-y-2 text-lg text-slate-700">
        <p>{t("model.example", { total: formatMoney(typicalMonth, currency, language) })}</p>
        <p>{t("model.margin")}</p>
      </div>
    </Section>
  );
}

function Projections({ language }: { language: Language }) {
  const { t } = useTranslation("invest");
  const { currency, projectedRevenue } = PITCH_MONEY[language];
  const years = PROJECTED_CUSTOMERS.map((customers, index) => ({
    label: t("projections.yearLabel", { year: formatNumber(index + 1, language) }),
    customers,
    revenue: projectedRevenue[index]!,
    display: formatCompactMoney(projectedRevenue[index]!, currency, language),
  }));
  const targetShare = formatPercent((PROJECTED_CUSTOMERS.at(-1)! / MARKET.targetBusinesses) * 100, language);
  return (
    <Section id="projections" title={t("projections.title")} intro={t("projections.intro")} tone="muted">
      <figure className="grid items-center gap-10 lg:grid-cols-2">
        <ColumnChart
          rtl={language === "he"}
          title={t("projections.chartTitle")}
          description={t("projections.chartDescription", {
            year1: years[0]!.display,
            year2: years[1]!.display,
            year3: years[2]!.display,
          })}
          bars={years.map((year) => ({ label: year.label, value: year.revenue, display: year.display }))}
        />
        <div className="overflow-x-auto">
          <table className="w-full text-start">
            <caption className="mb-3 text-start font-medium text-slate-800">{t("projections.tableCaption")}</caption>
            <thead>
              <tr className="border-b border-slate-300 text-sm text-slate-600">
                <th scope="col" className="py-2 pe-4 text-start font-medium">
                  {t("projections.year")}
                </th>
                <th scope="col" className="py-2 pe-4 text-start font-medium">
                  {t("projections.customers")}
                </th>
                <th scope="col" className="py-2 text-start font-medium">
                  {t("projections.revenue")}
                </th>
              </tr>
            </thead>
            <tbody>
              {years.map((year) => (
                <tr key={year.label} className="border-b border-slate-100">
                  <th scope="row" className="py-3 pe-4 text-start font-medium">
                    {year.label}
                  </th>
                  <td className="py-3 pe-4">
                    <bdi>{formatNumber(year.customers, language)}</bdi>
                  </td>
                  <td className="py-3">
                    <bdi>{formatMoney(year.revenue, currency, language)}</bdi>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
          <p className="mt-4 text-slate-700">{t("projections.note", { share: targetShare })}</p>
        </div>
      </figure>
    </Section>
  );
}

const FUND_ICONS: Record<(typeof USE_OF_FUNDS)[number]["key"], LucideIcon> = {
  technology: Cpu,
  marketing: Megaphone,
  team: Users,
  operations: Settings2,
};

function UseOfFunds({ language, ask }: { language: Language; ask: string }) {
  const { t } = useTranslation("invest");
  const money = PITCH_MONEY[language];
  const parts = USE_OF_FUNDS.map((part) => ({
    ...part,
    label: t(`funds.${part.key}`),
    text: t(`funds.${part.key}Text`),
    share: formatPercent(part.percent, language),
    amount: formatCompactMoney((money.ask * part.percent) / 100, money.currency, language),
  }));
  const description = t(
    "funds.chartDescription",
    Object.fromEntries(parts.map((part) => [part.key, `${part.share} (${part.amount})`])),
  );
  return (
    <Section id="use-of-funds" title={t("funds.title")} intro={t("funds.intro", { ask })}>
      <figure className="grid items-center justify-items-center gap-10 md:grid-cols-[16rem_1fr] md:justify-items-stretch">
        <DonutChart
          title={t("funds.chartTitle")}
          description={description}
          centre={ask}
          segments={parts.map((part) => ({ label: part.label, percent: part.percent }))}
        />
        <ul className="grid gap-4 sm:grid-cols-2">
          {parts.map((part, index) => {
            const Icon = FUND_ICONS[part.key];
            return (
              <li key={part.key}>
                <Card className="h-full">
                  <div className="flex items-center gap-3">
                    <span
                      aria-hidden="true"
                      className="h-4 w-4 shrink-0 rounded-sm"
                      style={{ backgroundColor: SEGMENT_COLOURS[index] }}
                    />
                    <Icon className="h-5 w-5 text-slate-600" aria-hidden="true" />
                    <h3 className="font-semibold text-slate-900">{part.label}</h3>
                  </div>
                  <p className="mt-2 text-2xl font-bold text-slate-900">
                    <bdi>{t("funds.amount", { percent: part.share, amount: part.amount })}</bdi>
                  </p>
                  <p className="mt-2 text-sm text-slate-700">{part.text}</p>
                </Card>
              </li>
            );
          })}
        </ul>
      </figure>
    </Section>
  );
}

function GoToMarket({ language }: { language: Language }) {
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

function Risks() {
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

function ExitScenarios() {
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

function Team() {
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

function DueDiligence() {
  const { t } = useTranslation("invest");
  const materials = ["financialModel", "capTable", "product", "metrics", "legal"] as const;
  const email = t("contact.email");
  return (
    <Section id="due-diligence" title={t("diligence.title")} intro={t("diligence.intro")} tone="muted">
      <ul className="grid gap-3 md:grid-cols-2">
        {materials.map((material) => (
          <li key={material} className="flex items-start gap-3 rounded-lg border border-slate-200 p-4">
            <FileText className="mt-0.5 h-5 w-5 shrink-0 text-brand-600" aria-hidden="true" />
            <span className="text-slate-800">{t(`diligence.${material}`)}</span>
          </li>
        ))}
      </ul>
      <Button asChild variant="secondary" className="mt-6">
        <a
          href={`mailto:${email}?${new URLSearchParams({ subject: t("diligence.requestSubject") }).toString().replace(/\+/g, "%20")}`}
        >
          <Mail className="h-4 w-4" aria-hidden="true" />
          {t("diligence.request")}
        </a>
      </Button>
    </Section>
  );
}

function ExternalDemos() {
  const { t } = useTranslation("invest");
  const demos = ["party", "realEstate", "restaurant", "retail"] as const;
  return (
    <Section id="demos" title={t("demos.title")} intro={t("demos.intro")}>
      <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
        {demos.map((demo) => (
          <li key={demo}>
            <Card className="h-full">
              <h3 className="font-semibold">
                <NewTabLink
                  external
                  href={t(`demos.${demo}Url`)}
                  className="inline-flex items-center gap-2 text-brand-700 hover:underline"
                >
                  {t(`demos.${demo}Name`)}
                  <ExternalLink className="h-4 w-4 shrink-0" aria-hidden="true" />
                </NewTabLink>
              </h3>
              <p className="mt-2 text-sm text-slate-700">{t(`demos.${demo}Text`)}</p>
            </Card>
          </li>
        ))}
      </ul>
    </Section>
  );
}

function ContactLinks({ chatUrl }: { chatUrl: string | null }) {
  const { t } = useTranslation("invest");
  const email = t("contact.email");
  const meeting = `mailto:${email}?${new URLSearchParams({ subject: t("contact.meetingSubject") }).toString().replace(/\+/g, "%20")}`;
  return (
    <Section id="contact" title={t("contact.title")} intro={t("contact.intro")}>
      <ul className="flex flex-col gap-3 sm:flex-row sm:flex-wrap sm:items-stretch">
        <li>
          <Button asChild size="lg" variant="secondary" className="h-auto min-h-12 w-full justify-start py-2 sm:w-auto">
            <a href={`mailto:${email}`}>
              <Mail className="h-5 w-5 shrink-0" aria-hidden="true" />
              <span className="flex flex-col items-start">
                <span>{t("contact.emailLabel")}</span>
                <bdi className="text-sm whitespace-nowrap text-slate-600">{email}</bdi>
              </span>
            </a>
          </Button>
        </li>
        <li>
          <Button asChild size="lg" variant="secondary" className="h-full min-h-12 w-full justify-start sm:w-auto">
            <a href={meeting}>
              <CalendarDays className="h-5 w-5 shrink-0" aria-hidden="true" />
              {t("contact.meeting")}
            </a>
          </Button>
        </li>
        {chatUrl ? (
          <li>
            <ChatButton href={chatUrl} />
          </li>
        ) : null}
      </ul>
    </Section>
  );
}
