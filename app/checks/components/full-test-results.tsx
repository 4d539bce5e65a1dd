import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert.tsx";
import { Card } from "~/components/ui/card.tsx";
import { readExplanation } from "../explanation.ts";
import type { SystemStatusPageData } from "../system-status-page.server.ts";
import { CheckMessage, DetailsList, StatusBadge, useCheckName, useCheckTime } from "./check-card.tsx";

/** The last Full System Test of the selected client, test by test. */
export function FullTestResults({
  fullTest,
  testing,
  timeZone,
}: {
  fullTest: SystemStatusPageData["fullTest"];
  testing: boolean;
  timeZone: string;
}) {
  const { t } = useTranslation("checks");
  const formatTime = useCheckTime(timeZone);
  const checkName = useCheckName();
  if (!fullTest) return null;
  const { summary, tests } = fullTest.result;
  const allPassed = summary.passed === summary.total;
  return (
    <Card aria-labelledby="full-test-title" className="min-w-0 space-y-3">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <h2 id="full-test-title" className="text-lg font-semibold">
          {t("fullTest.title")}
        </h2>
        {testing ? <StatusBadge status="testing" /> : null}
      </div>
      <Alert
        tone={allPassed ? "success" : summary.passed === 0 ? "error" : "warning"}
        announce={false}
        title={allPassed ? t("fullTest.allPassed") : t("fullTest.issues")}
      >
        {t("fullTest.summary", summary)} · <time dateTime={fullTest.checkedAt}>{formatTime(fullTest.checkedAt)}</time>
      </Alert>
      <ul className="divide-y divide-slate-100">
        {tests.map((test) => (
          <li key={test.test} className="space-y-1 py-2">
            <div className="flex flex-wrap items-center gap-2">
              <StatusBadge status={test.success ? "connected" : "disconnected"} />
              <span className="font-medium text-slate-900">{checkName(test.test)}</span>
              <span className="text-sm text-slate-500">{t("card.duration", { ms: test.duration })}</span>
            </div>
            <div className="text-sm text-slate-700">
              <CheckMessage explanation={readExplanation(test.explanation)} message={test.message} />
            </div>
            {test.data && !test.success ? <DetailsList details={test.data} /> : null}
          </li>
        ))}
      </ul>
    </Card>
  );
}
