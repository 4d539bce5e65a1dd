import clsx from "clsx";
import { CircleCheck, CircleX, LoaderCircle, TriangleAlert } from "lucide-react";
import { RowIcon } from "~/components/ui/row-icon.tsx";
import { useTranslation } from "react-i18next";
import { useFetcher } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import type { TestOutcome } from "~/checks/full-client-test.server.ts";

export const TEST_INTENT = "test";

export type TestReply = { test: { clientId: number; outcome: TestOutcome | "error"; passed: number; total: number } };

const ICONS = { passed: CircleCheck, partial: TriangleAlert, failed: CircleX, error: CircleX } as const;
const COLOURS = {
  passed: "text-emerald-600",
  partial: "text-amber-600",
  failed: "text-red-600",
  error: "text-red-600",
} as const;

/**
 * Idle, running (disabled), then passed, partial or failed. It posts to the page's action, which
 * runs the same checks as `POST /api/system/full-client-test/{id}` and answers with a toast of the
 * outcome; without JavaScript the post reloads the page with that toast.
 */
export function IntegrationTestButton({ clientId, businessName }: { clientId: number; businessName: string }) {
  const { t } = useTranslation("clients");
  const fetcher = useFetcher<TestReply>({ key: `client-test-${clientId}` });
  const running = fetcher.state !== "idle";
  const result = !running && fetcher.data?.test.clientId === clientId ? fetcher.data.test : null;
  const Icon = running ? LoaderCircle : result ? ICONS[result.outcome] : null;
  const text = running
    ? t("test.running")
    : !result
      ? t("test.idle")
      : result.outcome === "partial"
        ? t("test.partial", { passed: result.passed, total: result.total })
        : t(result.outcome === "passed" ? "test.passed" : "test.failed");
  return (
    <fetcher.Form method="post">
      <input type="hidden" name="intent" value={TEST_INTENT} />
      <input type="hidden" name="clientId" value={clientId} />
      <Button
        type="submit"
        size="sm"
        variant="secondary"
        disabled={running}
        title={t("test.label", { name: businessName })}
      >
        {Icon ? (
          <Icon
            className={clsx("h-4 w-4", running ? "animate-spin" : result && COLOURS[result.outcome])}
            aria-hidden="true"
          />
        ) : (
          <RowIcon name="flask-conical" />
        )}
        <span aria-live="polite">{text}</span>
        <span className="sr-only">{businessName}</span>
      </Button>
    </fetcher.Form>
  );
}
