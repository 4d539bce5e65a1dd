import { parseForm } from "~/components/ui/parse-form.ts";
import { data } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import type { Database } from "#db/connection.ts";
import { websiteUrlsFormSchema } from "./sales-config-schema.ts";
import { updateSalesConfig } from "./sales-config.server.ts";
import { MAX_URLS_PER_SCAN, scanUrlSchema } from "~/scanner/scan-request-schema.ts";
import { scanUrls, urlLines } from "~/scanner/scan.server.ts";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The Page Scanner form's posts: keep the list (`urls`), scan it on the server (`scan`), or report the browser's scan (`scanSummary`). */
export const SCAN_INTENTS = ["urls", "scan", "scanSummary"] as const;
export type ScanIntent = (typeof SCAN_INTENTS)[number];
export const isScanIntent = (intent: unknown): intent is ScanIntent =>
  (SCAN_INTENTS as readonly unknown[]).includes(intent);

export type ScanFormContext = {
  db: Database;
  clientId: number;
  allowHosts: readonly string[];
  /** Where the post comes back to, with its toast. */
  pageUrl: string;
  /** Speaks the `client-config` namespace. */
  t: Translate;
  /** A URL this form may not scan, with the message that says why (the portal scans the business's own site only). */
  refuseUrl?: (url: string) => string | null;
  /** After a scan that stored something: the pages scanned (the training history records it). */
  onScanned?: (urls: readonly string[]) => Promise<void>;
};

/**
 * The Page Scanner form (the client settings' Scanner tab, the portal's training page): the list is
 * saved with every post; `scan` scans each URL on the server, `scanSummary` reports what the browser
 * scanned URL by URL through the JSON API. Failures answer 400 with Conform's reply; a scan a toast.
 */
export async function handleScanForm(intent: ScanIntent, formData: FormData, context: ScanFormContext) {
  const { db, clientId, pageUrl, t } = context;
  const schema = websiteUrlsFormSchema.superRefine((value, ctx) =>
    validUrlLines(value, ctx, intent !== "urls", context.refuseUrl),
  );
  const submission = parseForm(formData, { schema });
  if (submission.status !== "success") return data({ intent, result: submission.reply() }, { status: 400 });
  const urls = urlLines(submission.value.websiteUrls);
  await updateSalesConfig(db, clientId, { websiteUrls: urls.join("\n") });
  if (intent === "urls") return redirectWithSuccess(pageUrl, t("scanner.urlsSaved"));
  if (intent === "scanSummary") {
    // The browser scanned URL by URL through the JSON API (to show progress): this keeps the list and reports the outcome.
    const scanned = Math.min(Number(formData.get("scanned")) || 0, urls.length);
    if (scanned > 0) await context.onScanned?.(urls);
    return scanToast(pageUrl, scanned, urls.length, [], t);
  }
  const results = await scanUrls(db, clientId, urls, { allowHosts: context.allowHosts });
  const failures = results.flatMap((result) =>
    result.success ? [] : [`${result.url}: ${t(`scan.failure.${result.failure}`, { status: result.status })}`],
  );
  const scanned = results.flatMap((result) => (result.success ? [result.url] : []));
  if (scanned.length > 0) await context.onScanned?.(scanned);
  return scanToast(pageUrl, scanned.length, results.length, failures, t);
}

function validUrlLines(
  value: { websiteUrls: string },
  ctx: { addIssue: (issue: { code: "custom"; path: string[]; message: string }) => void },
  required: boolean,
  refuseUrl: ScanFormContext["refuseUrl"],
) {
  const urls = urlLines(value.websiteUrls);
  const issue = (message: string) => ctx.addIssue({ code: "custom", path: ["websiteUrls"], message });
  if (required && urls.length === 0) return issue("errors.urlsRequired");
  if (urls.length > MAX_URLS_PER_SCAN) return issue("errors.tooManyUrls");
  if (urls.some((url) => !scanUrlSchema.safeParse(url).success)) return issue("errors.invalidUrl");
  const refused = refuseUrl ? urls.map(refuseUrl).find((message) => message !== null) : undefined;
  if (refused) issue(refused);
}

/** The scan's toast: all scanned, some, or none; without JavaScript the description also says why each failed URL failed. */
function scanToast(pageUrl: string, scanned: number, total: number, failures: readonly string[], t: Translate) {
  if (scanned === 0)
    return redirectWithError(pageUrl, {
      message: t("scan.failedTitle"),
      description: [t("scan.failed"), ...failures].join("\n"),
    });
  const partial = scanned < total ? t("scan.partial", { failed: total - scanned, total }) : "";
  return redirectWithSuccess(pageUrl, {
    message: t("scan.doneTitle"),
    description: [t("scan.done", { count: scanned }), partial, ...failures].filter(Boolean).join("\n"),
  });
}
