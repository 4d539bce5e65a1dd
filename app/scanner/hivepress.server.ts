import { z } from "zod";
import type { Database } from "#db/connection.ts";
import { cleanText } from "~/lib/text.ts";
import { replaceKnowledgeEntries, type NewKnowledgeEntry } from "~/models/knowledge-entry.server.ts";
import { findWordPressConnection } from "~/models/wordpress-connection.server.ts";
import { fetchPage, type FetchFailure } from "./fetch-page.server.ts";

/** 20 listings a page (the plugin's page size): 50 pages is 1,000 listings, more than a small business has. */
const MAX_PAGES = 50;
const CONTENT_MAX = 20_000;

const listingsPageSchema = z.object({
  hivepress: z.boolean(),
  listings: z.array(
    z.object({
      title: z.string(),
      content: z.string().default(""),
      url: z.string().default(""),
      fields: z.union([z.record(z.string(), z.unknown()), z.array(z.unknown())]).default({}),
    }),
  ),
  totalPages: z.number().int().min(0),
});

export type HivePressSync =
  | { success: true; listings: number }
  | {
      success: false;
      failure: FetchFailure | "unauthorized" | "notHivePress" | "badResponse" | "noDomain";
      status?: number;
    };

/**
 * The client's WordPress as a base URL ending in "/": the address may be stored bare ("shop.co.il")
 * or with its scheme, and a site installed in a folder ("https://shop.co.il/store") keeps its folder.
 */
export function siteBaseUrl(address: string): URL | null {
  const trimmed = address.trim();
  if (!trimmed) return null;
  try {
    const url = new URL(/^https?:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
    url.search = "";
    url.hash = "";
    if (!url.pathname.endsWith("/")) url.pathname += "/";
    return url;
  } catch {
    return null;
  }
}

/**
 * Reads the client's HivePress listings through the plugin's `alex/v1/listings` route (the
 * `?rest_route=` form works with plain and pretty permalinks alike), every page, then replaces the
 * client's HivePress knowledge entries with them in one go: a failure on any page changes nothing.
 * The site is the one the operator connected for the system checks, else the client's website.
 */
export async function syncHivePress(
  db: Database,
  client: { id: number; websiteDomain: string; pluginSecret: string | null },
  options: { allowHosts: readonly string[] },
): Promise<HivePressSync> {
  const connection = await findWordPressConnection(db, client.id);
  const base = siteBaseUrl(connection?.siteUrl ?? client.websiteDomain);
  if (!base) return { success: false, failure: "noDomain" };
  const entries: NewKnowledgeEntry[] = [];
  for (let page = 1, totalPages = 1; page <= Math.min(totalPages, MAX_PAGES); page++) {
    const url = new URL(base);
    url.searchParams.set("rest_route", "/alex/v1/listings");
    url.searchParams.set("page", String(page));
    const fetched = await fetchPage(url.href, {
      allowHosts: options.allowHosts,
      accept: ["application/json"],
      // The plugin's sync secret, never the license key (printed on every page of the site).
      headers: { "X-Alex-Secret": client.pluginSecret ?? "" },
    });
    if (!fetched.ok) {
      if (fetched.failure === "httpStatus" && (fetched.status === 401 || fetched.status === 403))
        return { success: false, failure: "unauthorized" };
      return { success: false, failure: fetched.failure, status: fetched.status };
    }
    let parsed;
    try {
      parsed = listingsPageSchema.safeParse(JSON.parse(fetched.body.toString("utf8")));
    } catch {
      return { success: false, failure: "badResponse" };
    }
    if (!parsed.success) return { success: false, failure: "badResponse" };
    if (!parsed.data.hivepress) return { success: false, failure: "notHivePress" };
    totalPages = parsed.data.totalPages;
    for (const listing of parsed.data.listings) entries.push(listingEntry(client.id, listing));
  }
  await replaceKnowledgeEntries(db, { clientId: client.id, origin: "hivepress" }, entries);
  return { success: true, listings: entries.length };
}

/** A listing as a knowledge entry, its texts cleaned like every typed field (a NUL byte in a listing once failed the whole sync). */
function listingEntry(
  clientId: number,
  listing: z.infer<typeof listingsPageSchema>["listings"][number],
): NewKnowledgeEntry {
  const fieldLines = Array.isArray(listing.fields)
    ? []
    : Object.entries(listing.fields)
        .filter(([, value]) => ["string", "number", "boolean"].includes(typeof value) && String(value).trim() !== "")
        .map(([name, value]) => cleanText(`${name.replace(/_/g, " ")}: ${String(value)}`));
  const title = cleanText(listing.title).trim();
  const url = cleanText(listing.url).trim();
  const content = [cleanText(listing.content, { multiline: true }).trim(), ...fieldLines]
    .filter(Boolean)
    .join("\n")
    .slice(0, CONTENT_MAX);
  return {
    clientId,
    topic: title.slice(0, 200) || url,
    content: content || title,
    sourceUrl: url || null,
    origin: "hivepress",
  };
}
