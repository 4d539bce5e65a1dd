import { Clock, MessageSquare, MessagesSquare, Target, ThumbsUp, type LucideIcon } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import { StatCard } from "~/components/ui/stat-card.tsx";
import { intlLocaleOf, type Language } from "~/i18n/config.ts";
import { formatNumber, formatPercent } from "~/lib/format.ts";
import { cached } from "~/lib/intl-cache.ts";
import type { Analytics } from "../analytics.server.ts";
import { ChangeCaption } from "./change-caption.tsx";

/** The period's five key figures, each against the period before. */
export function KeyFigures({ analytics, language }: { analytics: Analytics; language: Language }) {
  const { t } = useTranslation("analytics");
  const { figures, days, feedbackAnswers } = analytics;
  const percent = (value: number | null) => (value === null ? t("noData") : formatPercent(value * 100, language));
  const seconds = (ms: number | null) =>
    ms === null
      ? t("noData")
      : t("seconds", {
          value: cached(
            `decimal-1|${intlLocaleOf(language)}`,
            () => new Intl.NumberFormat(intlLocaleOf(language), { minimumFractionDigits: 1, maximumFractionDigits: 1 }),
          ).format(ms / 1000),
        });
  const cards: { key: string; icon: LucideIcon; value: string; caption: ReactNode; hint?: string }[] = [
    {
      key: "totalMessages",
      icon: MessageSquare,
      value: formatNumber(figures.totalMessages.current, language),
      caption: <ChangeCaption {...figures.totalMessages} days={days} kind="count" />,
    },
    {
      key: "averageResponse",
      icon: Clock,
      value: seconds(figures.averageResponseMs.current),
      caption: <ChangeCaption {...figures.averageResponseMs} days={days} kind="count" lowerIsBetter />,
    },
    {
      key: "satisfaction",
      icon: ThumbsUp,
      value: percent(figures.satisfaction.current),
      caption: <ChangeCaption {...figures.satisfaction} days={days} kind="share" />,
      hint: t("hints.satisfaction", { formatted: formatNumber(feedbackAnswers.current, language) }),
    },
    {
      key: "conversion",
      icon: Target,
      value: percent(figures.conversion.current),
      caption: <ChangeCaption {...figures.conversion} days={days} kind="share" />,
      hint: t("hints.conversion"),
    },
    {
      key: "conversations",
      icon: MessagesSquare,
      value: formatNumber(figures.conversations.current, language),
      caption: <ChangeCaption {...figures.conversations} days={days} kind="count" />,
    },
  ];
  return (
    <section aria-label={t("figures.label")}>
      <ul className="grid gap-4 sm:grid-cols-2 xl:grid-cols-5">
        {cards.map((card) => (
          <li key={card.key}>
            <StatCard
              title={t(`figures.${card.key}`)}
              icon={card.icon}
              value={card.value}
              caption={
                <>
                  {card.caption}
                  {card.hint ? <p className="mt-1 text-xs text-slate-500">{card.hint}</p> : null}
                </>
              }
            />
          </li>
        ))}
      </ul>
    </section>
  );
}
