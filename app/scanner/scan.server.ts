import type { Database } from "#db/connection.ts";
import { replaceKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { markTestQuestionsDue } from "~/models/test-question.server.ts";
import { decodeHtml, extractTopics, type PageTopic } from "./extract.ts";
import { fetchPage, type FetchFailure, type FetchLimits } from "./fetch-page.server.ts";

export const HTML_TYPES = ["text/html", "application/xhtml+xml"] as const;

export type ScanFailure = FetchFailure | "noContent";

export type UrlScan =
  | { url: string; success: true; topics: (PageTopic & { url: string })[] }
  | { url: string; success: false; failure: ScanFailure; status?: number };

export type ScanOptions = { allowHosts: readonly string[]; limits?: Partial<FetchLimits> };

/**
 * Scans one page into the client's knowledge base: its topics replace the ones an earlier scan of
 * the same URL stored. A failure stores nothing and leaves the earlier topics in place. The client's
 * test questions are due to run again on what the page now says.
 */
export async function scanUrl(db: Database, clientId: number, url: string, options: ScanOptions): Promise<UrlScan> {
  const fetched = await fetchPage(url, { allowHosts: options.allowHosts, accept: HTML_TYPES, limits: options.limits });
  if (!fetched.ok) return { url, success: false, failure: fetched.failure, status: fetched.status };
  const topics = extractTopics(decodeHtml(fetched.body, fetched.contentType));
  if (topics.length === 0) return { url, success: false, failure: "noContent" };
  await replaceKnowledgeEntries(
    db,
    { clientId, origin: "scan", sourceUrl: url },
    topics.map((topic) => ({
      clientId,
      topic: topic.topic,
      content: topic.content,
      sourceUrl: url,
      origin: "scan" as const,
    })),
  );
  await markTestQuestionsDue(db, clientId);
  return { url, success: true, topics: topics.map((topic) => ({ ...topic, url })) };
}

/** Each URL on its own, one after another (gentle on the sites and on our two cores): one bad URL fails only itself. */
export async function scanUrls(
  db: Database,
  clientId: number,
  urls: readonly string[],
  options: ScanOptions,
): Promise<UrlScan[]> {
  const results: UrlScan[] = [];
  for (const url of urls) results.push(await scanUrl(db, clientId, url, options));
  return results;
}

/** The list as typed in the settings page's text area: one per line, blank lines and repeats dropped. */
export function urlLines(text: string): string[] {
  return [
    ...new Set(
      text
        .split(/\r?\n/)
        .map((line) => line.trim())
        .filter(Boolean),
    ),
  ];
}
