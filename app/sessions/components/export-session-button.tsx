import { RowIcon } from "~/components/ui/row-icon.tsx";
import { useEffect, useState, type MouseEvent } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { ROW_ACTION_LABEL } from "../session-format.ts";
import { sessionExportPath } from "../session-query.ts";

type State = "idle" | "exporting" | "done" | "failed";

const SHOWN_FOR_MS = 5000;

const filenameOf = (response: Response, fallback: string) =>
  /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? fallback;

/**
 * A link to the session's CSV: without JavaScript the browser downloads it. With it, the file is
 * fetched first so the page can say 'Export Complete' (or that it failed) when it has arrived.
 */
export function ExportSessionButton({
  clientId,
  sessionId,
  compact = false,
}: {
  clientId: number;
  sessionId: string;
  compact?: boolean;
}) {
  const { t } = useTranslation("sessions");
  const [state, setState] = useState<State>("idle");
  const href = sessionExportPath(clientId, sessionId, "csv");

  useEffect(() => {
    if (state !== "done" && state !== "failed") return;
    const timer = setTimeout(() => setState("idle"), SHOWN_FOR_MS);
    return () => clearTimeout(timer);
  }, [state]);

  async function download(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    setState("exporting");
    try {
      const response = await fetch(href, { credentials: "same-origin" });
      if (!response.ok) throw new Error(String(response.status));
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
      link.download = filenameOf(response, `session-${sessionId}.csv`);
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setState("done");
    } catch {
      setState("failed");
    }
  }

  return (
    <span className="inline-flex flex-wrap items-center gap-2">
      <Button asChild variant="secondary" size="sm">
        <a
          href={href}
          download
          onClick={download}
          aria-disabled={state === "exporting" || undefined}
          title={compact ? t("actions.export") : undefined}
          className="whitespace-nowrap"
        >
          <RowIcon name="download" />
          <span className={compact ? ROW_ACTION_LABEL : undefined}>
            {state === "exporting" ? t("actions.exporting") : t("actions.export")}
          </span>
        </a>
      </Button>
      <span role="status" className={state === "failed" ? "text-sm text-red-700" : "text-sm text-emerald-700"}>
        {state === "done" ? (
          <>
            <strong className="font-medium">{t("exportDone.title")}</strong> {t("exportDone.description")}
          </>
        ) : state === "failed" ? (
          t("exportFailed")
        ) : null}
      </span>
    </span>
  );
}
