import { CheckFailure, httpFailure } from "./check-errors.server.ts";
import { explain, type Explanation } from "./explanation.ts";
import type { ProbeOutcome } from "./run-check.server.ts";
import type { WordPressRest } from "./wordpress-site.server.ts";

/*
 * The checks that reach a client's WordPress: the site and our plugin, HivePress for Sync Data,
 * and an upload to its media library. Each answers what it found in `details`, so a failed check
 * still says how far it got.
 */

const PLUGIN_NAMESPACE = "alex/v1";
const HIVEPRESS_NAMESPACE = "hivepress/v1";
const SECRET_HEADER = "X-Alex-Secret";

/** The 1×1 PNG the upload check sends and deletes again. */
const TEST_IMAGE = Buffer.from(
  "iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNkYPhfDwAChwGA60e6kgAAAABJRU5ErkJggg==",
  "base64",
);
const TEST_IMAGE_NAME = "alex-upload-test.png";

/** The plugin's listings route opens to its sync secret (null: no ZIP downloaded yet), never to the public license key. */
export type SiteCheckInput = { rest: WordPressRest; pluginSecret: string | null };

function credentialsState(rest: WordPressRest) {
  const { username, applicationPassword, passwordUnreadable } = rest.target;
  if (passwordUnreadable) return "unreadable" as const;
  return username && applicationPassword ? ("set" as const) : ("not set" as const);
}

/** 401 and 403 from WordPress with an Application Password: over plain http the usual cause is http itself (WordPress wants https unless the site is `local`). */
function refusedCredentials(rest: WordPressRest, response: Parameters<typeof httpFailure>[0]): Explanation {
  const key = rest.siteUrl.startsWith("http:") ? "explain.credentialsRefusedHttp" : "explain.credentialsRefused";
  return explain(key, { status: response.status }, httpFailure(response).raw);
}

export async function checkWordPress({ rest, pluginSecret }: SiteCheckInput): Promise<ProbeOutcome> {
  const details: Record<string, unknown> = { siteUrl: rest.siteUrl, siteUrlSource: rest.target.source };
  const discovery = await rest.discover().catch((error: unknown) => {
    if (error instanceof CheckFailure)
      throw new CheckFailure(error.explanation, { ...details, siteUrl: rest.siteUrl }, error.notice);
    throw error;
  });
  Object.assign(details, {
    siteUrl: rest.siteUrl,
    siteName: discovery.name,
    namespaces: discovery.namespaces,
    restRoutes: discovery.routeStyle,
  });
  const fail = (failure: Explanation): ProbeOutcome => ({ ok: false, failure, details });

  const pluginListed = discovery.namespaces.includes(PLUGIN_NAMESPACE);
  const status = await rest.request("/alex/v1/status");
  if (!status.ok) {
    details.plugin = { installed: false };
    return fail(pluginListed ? httpFailure(status) : explain("wordpress.pluginMissing"));
  }
  const { version, licenseSet } = status.json() as { version?: unknown; licenseSet?: unknown };
  const plugin: Record<string, unknown> = {
    installed: true,
    version: typeof version === "string" ? version : null,
    licenseSet: licenseSet === true,
  };
  details.plugin = plugin;
  if (licenseSet !== true) return fail(explain("wordpress.licenseNotSet"));

  // The status route never shows a secret; the secret-protected route tells whether ours is the one set.
  const licensed = await rest.request("/alex/v1/listings", { headers: { [SECRET_HEADER]: pluginSecret ?? "" } });
  plugin.licenseMatches = licensed.ok;
  if (licensed.status === 401) return fail(explain("wordpress.licenseMismatch"));
  if (!licensed.ok) return fail(httpFailure(licensed));

  const credentials = credentialsState(rest);
  details.credentials = credentials;
  if (credentials === "unreadable") return fail(explain("errors.passwordUnreadable"));
  if (credentials === "set") {
    const me = await rest.request("/wp/v2/users/me", { headers: rest.authorization(), query: { context: "edit" } });
    if (!me.ok) {
      details.credentials = "refused";
      return fail(refusedCredentials(rest, me));
    }
    const user = me.json() as { username?: unknown; roles?: unknown };
    details.credentials = "accepted";
    details.user = { username: user.username, roles: user.roles };
  }
  return { ok: true, details };
}

export async function checkHivePress({ rest, pluginSecret }: SiteCheckInput): Promise<ProbeOutcome> {
  const discovery = await rest.discover();
  const hivepressNamespace = discovery.namespaces.includes(HIVEPRESS_NAMESPACE);
  const pluginRoute = discovery.namespaces.includes(PLUGIN_NAMESPACE);
  const details: Record<string, unknown> = { siteUrl: rest.siteUrl, hivepressNamespace, pluginRoute };
  if (!pluginRoute) {
    return {
      ok: false,
      failure: explain(hivepressNamespace ? "hivepress.pluginMissing" : "hivepress.bothMissing"),
      details,
    };
  }
  const listings = await rest.request("/alex/v1/listings", {
    headers: { [SECRET_HEADER]: pluginSecret ?? "" },
    query: { page: "1" },
  });
  if (!listings.ok) {
    details.listingsReadable = false;
    return {
      ok: false,
      failure: listings.status === 401 ? explain("wordpress.licenseMismatch") : httpFailure(listings),
      details,
    };
  }
  const body = listings.json() as { hivepress?: unknown; listings?: unknown; totalPages?: unknown };
  const listingsOnFirstPage = Array.isArray(body.listings) ? body.listings.length : 0;
  Object.assign(details, {
    hivepressListings: body.hivepress === true,
    listingsReadable: body.hivepress === true,
    listingsOnFirstPage,
    totalPages: body.totalPages,
  });
  if (body.hivepress !== true) return { ok: false, failure: explain("hivepress.noListings"), details };
  return { ok: true, details };
}

export async function checkUpload({ rest }: SiteCheckInput): Promise<ProbeOutcome> {
  const credentials = credentialsState(rest);
  const details: Record<string, unknown> = { siteUrl: rest.siteUrl, credentials };
  if (credentials === "unreadable") return { ok: false, failure: explain("errors.passwordUnreadable"), details };
  if (credentials === "not set") return { ok: false, failure: explain("upload.noCredentials"), details };

  await rest.discover();
  details.siteUrl = rest.siteUrl;
  const uploaded = await rest.request("/wp/v2/media", {
    method: "POST",
    headers: {
      ...rest.authorization(),
      "Content-Type": "image/png",
      "Content-Disposition": `attachment; filename="${TEST_IMAGE_NAME}"`,
    },
    body: TEST_IMAGE,
  });
  if (!uploaded.ok) {
    const refused = uploaded.status === 401 || uploaded.status === 403;
    return { ok: false, failure: refused ? refusedCredentials(rest, uploaded) : httpFailure(uploaded), details };
  }
  const media = uploaded.json() as { id?: unknown; source_url?: unknown; mime_type?: unknown };
  Object.assign(details, {
    mediaId: media.id,
    url: media.source_url,
    mimeType: media.mime_type,
    bytes: TEST_IMAGE.length,
  });
  const removed = await rest.request(`/wp/v2/media/${Number(media.id)}`, {
    method: "DELETE",
    headers: rest.authorization(),
    query: { force: "true" },
  });
  details.deleted = removed.ok;
  if (!removed.ok)
    return {
      ok: false,
      failure: explain("upload.deleteFailed", { id: Number(media.id) }, httpFailure(removed).raw),
      details,
    };
  return { ok: true, details };
}
