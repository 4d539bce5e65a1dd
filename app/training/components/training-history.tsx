import { useTranslation } from "react-i18next";
import { TitledCard } from "~/components/ui/card.tsx";
import { formatEventTime } from "~/lib/format.ts";
import type { TrainingHistory } from "../training-history.server.ts";

/**
 * A client's training history, newest first: what changed (an FAQ question names its entry), who
 * changed it, and when. The same list in the business's portal and on the client's page.
 */
export function TrainingHistoryCard({
  history,
  timeZone,
  now,
}: {
  history: TrainingHistory;
  timeZone: string;
  now: Date;
}) {
  const { t, i18n } = useTranslation("portal-training");
  return (
    <TitledCard id="training-history-title" title={t("history.title")} description={t("history.description")}>
      {history.length === 0 ? (
        <p className="text-slate-600">{t("history.empty")}</p>
      ) : (
        <ol className="divide-y divide-slate-100">
          {history.map((change) => (
            <li key={change.id} className="flex flex-col gap-1 py-3 text-sm sm:flex-row sm:justify-between sm:gap-4">
              <span className="min-w-0">
                <span className="font-medium text-slate-900">{t(`history.kinds.${change.kind}`)}</span>
                {change.subject ? (
                  <>
                    {": "}
                    <bdi dir="auto" className="break-words text-slate-700">
                      {change.subject}
                    </bdi>
                  </>
                ) : null}
              </span>
              <span className="shrink-0 text-slate-600">
                {formatEventTime(new Date(change.createdAt), new Date(now), i18n.language, timeZone)} ·{" "}
                {t("history.by", { name: change.operatorName })}
              </span>
            </li>
          ))}
        </ol>
      )}
    </TitledCard>
  );
}
