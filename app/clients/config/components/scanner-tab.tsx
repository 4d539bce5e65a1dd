import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/components/ui/parse-form.ts";
import { CircleCheck, CircleX, Loader2 } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Form, useSubmit } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card, TitledCard } from "~/components/ui/card.tsx";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { FormErrors, TextareaField } from "~/components/ui/form-fields.tsx";
import { MAX_URLS_PER_SCAN } from "~/scanner/scan-request-schema.ts";
import { KNOWLEDGE_PREVIEW_CHARS } from "../config-tabs.ts";
import { websiteUrlsFormSchema } from "../sales-config-schema.ts";
import type { SalesConfigView } from "../sales-config.server.ts";

type ScanRow = { url: string; state: "waiting" | "scanning" | "done" | "failed"; message?: string };

type ScannerTabProps = {
  /**
   * The JSON API the browser scans through, URL by URL (`{urls}` in, `{results}` out); null: the
   * form posts and the server scans them all (the portal, which has no such API).
   */
  scanEndpoint: string | null;
  salesConfig: SalesConfigView;
  lastResult: SubmissionResult<string[]> | null | undefined;
  saving: boolean;
};

const lines = (text: string) => [
  ...new Set(
    text
      .split(/\r?\n/)
      .map((line) => line.trim())
      .filter(Boolean),
  ),
];

/**
 * The Page Scanner tab. With JavaScript the browser scans URL by URL through the JSON API, so the
 * operator sees each one start and finish; without it the form posts and the server scans them all.
 */
export function ScannerTab({ scanEndpoint, salesConfig, lastResult, saving }: ScannerTabProps) {
  const { t } = useTranslation("client-config");
  const submit = useSubmit();
  const hydrated = useHydrated();
  const [text, setText] = useState(salesConfig.websiteUrls);
  const [progress, setProgress] = useState<ScanRow[] | null>(null);
  const [form, fields] = useForm({
    id: "website-urls-form",
    lastResult,
    defaultValue: { websiteUrls: salesConfig.websiteUrls },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: websiteUrlsFormSchema }),
  });
  const scanning = progress?.some((row) => row.state === "waiting" || row.state === "scanning") ?? false;

  async function scanInBrowser(event: FormEvent<HTMLFormElement>) {
    const submitter = (event.nativeEvent as SubmitEvent).submitter as HTMLButtonElement | null;
    // Everything but the scan is Conform's: its field validation on blur is a submit event too, which
    // it checks in the browser; left to the router it became a request to the server that disabled
    // the buttons, and a click on "scan" at that moment was lost.
    if (submitter?.value !== "scan" || !scanEndpoint) return form.onSubmit(event);
    event.preventDefault();
    const formElement = event.currentTarget;
    const urls = lines(text);
    const rows: ScanRow[] = urls.map((url) => ({ url, state: "waiting" }));
    setProgress([...rows]);
    let scanned = 0;
    for (const [index, url] of urls.entries()) {
      rows[index] = { url, state: "scanning" };
      setProgress([...rows]);
      try {
        const response = await fetch(scanEndpoint, {
          method: "POST",
          headers: { "Content-Type": "application/json" },
          body: JSON.stringify({ urls: [url] }),
        });
        const body = (await response.json()) as {
          results?: { success: boolean; topics?: number; error?: string }[];
          error?: string;
          fields?: Record<string, string>;
        };
        const result = body.results?.[0];
        if (result?.success) scanned++;
        rows[index] = result?.success
          ? { url, state: "done", message: t("scanner.topicsFound", { count: result.topics ?? 0 }) }
          : {
              url,
              state: "failed",
              message: result?.error ?? Object.values(body.fields ?? {})[0] ?? body.error ?? t("scan.failed"),
            };
      } catch {
        rows[index] = { url, state: "failed", message: t("scan.failed") };
      }
      setProgress([...rows]);
    }
    const summary = new FormData(formElement);
    summary.set("intent", "scanSummary");
    summary.set("scanned", String(scanned));
    await submit(summary, { method: "post" });
  }

  return (
    <div className="space-y-6">
      <TitledCard id="scanner-title" title={t("scanner.title")} description={t("scanner.intro")}>
        <Form
          method="post"
          {...getFormProps(form)}
          onSubmit={scanInBrowser}
          onReset={() => setText(salesConfig.websiteUrls)}
          className="space-y-4"
        >
          <FormErrors form={form} />
          <TextareaField
            field={fields.websiteUrls}
            label={t("scanner.urls")}
            hint={t("scanner.urlsHint", { max: MAX_URLS_PER_SCAN })}
            rows={6}
            dir="ltr"
            placeholder="https://example.co.il/"
            onChange={(event) => setText(event.currentTarget.value)}
          />
          <div className="flex flex-wrap gap-3">
            <Button
              type="submit"
              name="intent"
              value="scan"
              disabled={scanning || saving || (hydrated && lines(text).length === 0)}
            >
              {scanning ? t("scanner.scanning") : t("scanner.scan")}
            </Button>
            <Button type="submit" name="intent" value="urls" variant="secondary" disabled={scanning || saving}>
              {t("scanner.saveUrls")}
            </Button>
            <Button type="reset" variant="secondary" disabled={scanning || saving}>
              {t("scanner.reset")}
            </Button>
          </div>
        </Form>
        {progress ? (
          <section aria-labelledby="scan-progress-title" className="mt-6">
            <h3 id="scan-progress-title" className="mb-2 font-semibold">
              {t("scanner.progressTitle")}
            </h3>
            <ol aria-live="polite" className="space-y-2">
              {progress.map((row) => (
                <li key={row.url} className="flex items-start gap-2 text-sm">
                  <ScanStateIcon state={row.state} />
                  <span className="min-w-0">
                    <span dir="ltr" className="break-all font-medium text-slate-900">
                      {row.url}
                    </span>{" "}
                    <span className="text-slate-600">
                      {row.state === "waiting"
                        ? t("scanner.waiting")
                        : row.state === "scanning"
                          ? t("scanner.inProgress")
                          : row.message}
                    </span>
                  </span>
                </li>
              ))}
            </ol>
          </section>
        ) : null}
      </TitledCard>

      <Card aria-labelledby="topics-title">
        <div className="mb-4 flex flex-wrap items-baseline justify-between gap-2">
          <h2 id="topics-title" className="text-lg font-semibold">
            {t("scanner.topicsTitle")}
          </h2>
          <p className="text-sm text-slate-600">
            {t("scanner.topicsCount", { count: salesConfig.knowledgeBase.length })}
          </p>
        </div>
        {salesConfig.knowledgeBase.length === 0 ? (
          <p className="text-slate-600">{t("scanner.noTopics")}</p>
        ) : (
          <ul className="space-y-4">
            {salesConfig.knowledgeBase.map((entry, index) => (
              <li key={`${entry.url}#${index}`} className="rounded-lg border border-slate-200 p-3">
                {/* A site's own words, in whichever language it is written: each reads in its own direction. */}
                <h3 dir="auto" className="font-medium text-slate-900">
                  {entry.topic}
                </h3>
                <p className="text-xs text-slate-600">
                  {t("scanner.source")}:{" "}
                  <a
                    href={entry.url}
                    target="_blank"
                    rel="noopener noreferrer nofollow"
                    dir="ltr"
                    className="break-all text-brand-700 underline"
                  >
                    {entry.url}
                  </a>
                </p>
                <p dir="auto" className="mt-2 text-sm whitespace-pre-line text-slate-700">
                  {entry.content.slice(0, KNOWLEDGE_PREVIEW_CHARS)}
                </p>
                {entry.content.length > KNOWLEDGE_PREVIEW_CHARS ? (
                  <p className="mt-1 text-xs text-slate-500">
                    {t("scanner.truncated", { max: KNOWLEDGE_PREVIEW_CHARS })}
                  </p>
                ) : null}
              </li>
            ))}
          </ul>
        )}
      </Card>
    </div>
  );
}

function ScanStateIcon({ state }: { state: ScanRow["state"] }) {
  if (state === "done") return <CircleCheck className="mt-0.5 h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />;
  if (state === "failed") return <CircleX className="mt-0.5 h-4 w-4 shrink-0 text-red-600" aria-hidden="true" />;
  if (state === "scanning")
    return <Loader2 className="mt-0.5 h-4 w-4 shrink-0 animate-spin text-brand-600" aria-hidden="true" />;
  return <span className="mt-1.5 h-2 w-2 shrink-0 rounded-full bg-slate-300" aria-hidden="true" />;
}
