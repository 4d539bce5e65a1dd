import { MessageSquareWarning } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { formatDateTime, formatNumber } from "~/lib/format.ts";
import type { GapsView } from "../gaps.server.ts";

type GapGroup = GapsView["open"][number];

/** Where the list's links go: the admin's pages or the portal's. */
export type GapLinks = {
  answer: (groupId: number) => string;
  conversation: (sessionId: string) => string;
  faq: string;
};

/**
 * A client's knowledge gaps: the questions Alex did not answer well, grouped, the most asked first,
 * each with how often and when it was last asked, why (no answer, not helpful, taken over, marked
 * wrong), its conversations and "Answer this"; under them the groups an FAQ entry answered.
 */
export function GapsList({ gaps, links, timeZone }: { gaps: GapsView; links: GapLinks; timeZone: string }) {
  const { t } = useTranslation("gaps");
  return (
    <TitledCard id="gaps-title" title={t("title")} description={t("description")}>
      {gaps.open.length === 0 ? (
        <p className="text-slate-600">{t("empty")}</p>
      ) : (
        <ol aria-labelledby="gaps-title" className="space-y-3">
          {gaps.open.map((group) => (
            <GapRow key={group.id} group={group} links={links} timeZone={timeZone} />
          ))}
        </ol>
      )}
      {gaps.answered.length > 0 ? (
        <section aria-labelledby="gaps-answered-title" className="mt-6">
          <h3 id="gaps-answered-title" className="mb-2 text-sm font-semibold text-slate-700">
            {t("answeredTitle")}
          </h3>
          <ul className="space-y-2 text-sm">
            {gaps.answered.map((group) => (
              <li key={group.id} className="rounded-md bg-emerald-50 p-2">
                <bdi dir="auto" className="font-medium text-slate-900">
                  {group.question}
                </bdi>{" "}
                <span className="text-slate-700">
                  {t("answeredBy")}{" "}
                  <Link to={links.faq} className="text-brand-700 underline">
                    <bdi dir="auto">{group.faqQuestion}</bdi>
                  </Link>
                </span>
              </li>
            ))}
          </ul>
        </section>
      ) : null}
    </TitledCard>
  );
}

function GapRow({ group, links, timeZone }: { group: GapGroup; links: GapLinks; timeZone: string }) {
  const { t, i18n } = useTranslation("gaps");
  const titleId = `gap-${group.id}`;
  return (
    <li aria-labelledby={titleId} className="space-y-2 rounded-lg border border-slate-200 p-3">
      <div className="flex flex-wrap items-start justify-between gap-2">
        <p id={titleId} dir="auto" className="min-w-0 flex-1 font-medium break-words text-slate-900">
          <MessageSquareWarning className="me-1 inline h-4 w-4 text-amber-700" aria-hidden="true" />
          {group.question}
        </p>
        <Button asChild size="sm">
          <Link to={links.answer(group.id)} aria-describedby={titleId}>
            {t("answer")}
          </Link>
        </Button>
      </div>
      <div className="flex flex-wrap items-center gap-2 text-xs text-slate-600">
        <Badge tone="warning">
          {t("asked", { count: group.count, formatted: formatNumber(group.count, i18n.language) })}
        </Badge>
        <span>{t("lastAsked", { when: formatDateTime(group.lastAskedAt, i18n.language, timeZone) })}</span>
        {group.kinds.map((kind) => (
          <Badge key={kind}>{t(`kinds.${kind}`)}</Badge>
        ))}
      </div>
      <ul aria-label={t("conversations")} className="flex flex-wrap gap-2 text-sm">
        {group.sessions.map((sessionId, index) => (
          <li key={sessionId}>
            <Link to={links.conversation(sessionId)} className="text-brand-700 underline">
              {t("conversation", { number: index + 1 })}
            </Link>
          </li>
        ))}
      </ul>
    </li>
  );
}
