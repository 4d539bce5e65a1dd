import { z } from "zod";
import type { Database } from "#db/connection.ts";
import { isClientSite, normalizeSiteOrigin } from "~/sites/site-origins.ts";
import type { Language } from "~/i18n/config.ts";
import { findClientByLicenseKey } from "~/models/client.server.ts";
import { apiTextIn, jsonAnswer, jsonError, notFound, tooManyRequests } from "~/server/json-api.server.ts";
import { checkRateLimit, countAgainstRateLimit, type RateLimitRule } from "~/server/rate-limit.server.ts";
import { singleLineText } from "~/lib/text.ts";
import { PLUGIN_API_PATHS } from "./plugin-api-paths.ts";
import { PLUGIN_SLUG, PLUGIN_VERSION, pluginZipStream } from "./plugin-zip.server.ts";
import { readmeChangelog } from "./readme-changelog.ts";
import readmeTxt from "./wordpress/readme.txt?raw";

/**
 * The plugin's calls to our server (app/plugin/plugin-api-paths.ts). Public like the chat: a site
 * asks once a minute at most, WordPress twice a day, so 60 calls an address in ten minutes is plenty.
 */
export const PLUGIN_API_LIMIT: RateLimitRule = { limit: 60, windowMs: 10 * 60 * 1000 };

/** What the update answer promises WordPress: the plugin header's own requirements. */
const REQUIREMENTS = { requires: "6.1", requiresPhp: "7.4", tested: "6.8" } as const;
/** The readme's changelog, for the plugin's "View version details" dialog (in English: the readme is). */
const CHANGELOG = readmeChangelog(readmeTxt);

const licenseSchema = singleLineText().trim().min(1).max(200);
const siteStatusQuerySchema = z.object({ license: licenseSchema, site: singleLineText().trim().min(1).max(300) });

type PluginApiRequest = { db: Database; language: Language; ip: string; serverUrl: string };

const pluginApiText = (language: Language) => apiTextIn(language, "plugin");

async function admit(db: Database, ip: string, language: Language) {
  const bucket = [`plugin-api:${ip}`];
  const verdict = await checkRateLimit(db, bucket, PLUGIN_API_LIMIT);
  if (verdict.limited) return tooManyRequests(await pluginApiText(language), verdict);
  await countAgainstRateLimit(db, bucket);
  return undefined;
}

async function clientOf(db: Database, license: string | null) {
  const parsed = licenseSchema.safeParse(license ?? "");
  return parsed.success ? findClientByLicenseKey(db, parsed.data) : undefined;
}

/** `GET ?license=&site=`: `{site, registered, active}` for the plugin's settings page; 404 for an unknown license. */
export async function siteStatus(params: URLSearchParams, { db, language, ip }: PluginApiRequest) {
  const refused = await admit(db, ip, language);
  if (refused) return refused;
  const t = await pluginApiText(language);
  const query = siteStatusQuerySchema.safeParse({ license: params.get("license"), site: params.get("site") });
  const site = query.success ? normalizeSiteOrigin(query.data.site) : undefined;
  if (!query.success || !site) return jsonError(400, t("api.badSiteQuery"), { fields: { site: t("api.badSite") } });
  const client = await findClientByLicenseKey(db, query.data.license);
  if (!client) return notFound(t, "api.unknownLicense");
  return jsonAnswer({
    site,
    registered: isClientSite(site, client.websiteDomain, client.allowedOrigins),
    active: client.status === "active",
  });
}

/**
 * `GET ?license=&lng=`: the newest version and where its ZIP is, for WordPress's update check, with
 * what the plugin's "View version details" dialog shows instead of WordPress.org's page: a
 * description in the site's language and the changelog. Plain text: the plugin escapes it.
 */
export async function pluginUpdate(params: URLSearchParams, { db, language, ip, serverUrl }: PluginApiRequest) {
  const refused = await admit(db, ip, language);
  if (refused) return refused;
  const t = await pluginApiText(language);
  const client = await clientOf(db, params.get("license"));
  if (!client) return notFound(t, "api.unknownLicense");
  const license = encodeURIComponent(client.licenseKey);
  return jsonAnswer({
    slug: PLUGIN_SLUG,
    version: PLUGIN_VERSION,
    package: `${serverUrl}${PLUGIN_API_PATHS.package}?license=${license}`,
    url: `${serverUrl}/`,
    ...REQUIREMENTS,
    description: t("api.details.description"),
    changelog: CHANGELOG,
  });
}

/**
 * `GET ?license=`: the newest plugin's ZIP for this client, as WordPress downloads an update. It
 * carries the license and our address (both public), never the sync secret: the installed plugin
 * keeps its own.
 */
export async function pluginPackage(params: URLSearchParams, { db, language, ip, serverUrl }: PluginApiRequest) {
  const refused = await admit(db, ip, language);
  if (refused) return refused;
  const client = await clientOf(db, params.get("license"));
  if (!client) return notFound(await pluginApiText(language), "api.unknownLicense");
  // Whole, with its length: WordPress without cURL streams a download to disk as it arrives, chunked framing included.
  const zip = await new Response(
    pluginZipStream({ licenseKey: client.licenseKey, serverUrl, syncSecret: "" }),
  ).arrayBuffer();
  return new Response(zip, {
    headers: {
      "Content-Length": String(zip.byteLength),
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${PLUGIN_SLUG}-${PLUGIN_VERSION}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
