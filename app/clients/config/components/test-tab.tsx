import { CircleCheck, CircleX } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { FetcherWithComponents } from "react-router";
import { CheckMessage, useCheckName } from "~/checks/components/check-card.tsx";
import { readExplanation } from "~/checks/explanation.ts";
import type { FullClientTestResult } from "~/checks/full-client-test.server.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { useHydrated } from "~/components/ui/use-hydrated.ts";

type TestTabProps = { fetcher: FetcherWithComponents<unknown>; result: FullClientTestResult | undefined };

/** The Test tab: Run Tests, the pass count, each test's success and duration, and the details JSON. */
export function TestTab({ fetcher, result }: TestTabProps) {
  const { t, i18n } = useTranslation("client-config");
  const hydrated = useHydrated();
  const checkName = useCheckName();
  const running = fetcher.state !== "idle";
  const allPassed = result ? result.summary.passed === result.summary.total : false;
  return (
    <TitledCard id="test-tab-title" title={t("test.title")} description={t("test.intro")} className="space-y-4">
      <fetcher.Form method="post">
        {hydrated ? <input type="hidden" name="enhanced" value="true" /> : null}
        <Button type="submit" name="intent" value="test" disabled={running}>
          {running ? t("test.running") : t("test.run")}
        </Button>
      </fetcher.Form>
      {result ? (
        <div className="space-y-4" aria-live="polite">
          <p className="flex flex-wrap items-center gap-2 font-medium">
            <Badge tone={allPassed ? "success" : "warning"}>{allPassed ? t("test.allPassed") : t("test.issues")}</Badge>
            {t("test.passed", result.summary)}
          </p>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
            {result.tests.map((test) => (
              <li key={test.test} className="flex flex-wrap items-start gap-3 p-3 text-sm">
                {test.success ? (
                  <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-label={t("test.success")} />
                ) : (
                  <CircleX className="mt-0.5 h-4 w-4 shrink-0 text-red-600" aria-label={t("test.failure")} />
                )}
                <div className="min-w-0 flex-1">
                  <span className="font-medium text-slate-900">{checkName(test.test)}</span>
                  <div className="text-slate-600">
                    <CheckMessage explanation={readExplanation(test.explanation)} message={test.message} />
                  </div>
                </div>
                <span className="text-slate-500 tabular-nums">
                  {t("test.ms", { value: new Intl.NumberFormat(i18n.language).format(test.duration) })}
                </span>
              </li>
            ))}
          </ul>
          <details>
            <summary className="cursor-pointer text-sm font-medium">{t("test.details")}</summary>
            <pre dir="ltr" className="mt-2 overflow-x-auto rounded bg-slate-900 p-3 text-xs text-slate-100">
              {JSON.stringify(result.details, null, 2)}
            </pre>
          </details>
        </div>
      ) : null}
    </TitledCard>
  );
}
