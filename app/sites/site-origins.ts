import { frameAncestorSources } from "./frame-ancestors.ts";

/** At most this many extra sites per client: a CSP header stays short, and a typo list stays readable. */
export const MAX_SITE_ORIGINS = 20;

const HOST = /^[a-z\d](?:[a-z\d.-]*[a-z\d])?$/;

/**
 * One site as the operator typed it (`staging.shop.example`, `https://www.shop.example/about`,
 * `http://127.0.0.1:8080`) as the origin a browser names it by: scheme, host and a port other than
 * the scheme's own, lower case. No scheme means https. Undefined when it is not an http(s) site we
 * can name in a CSP (wildcards, IPv6, user names, other schemes).
 */
export function normalizeSiteOrigin(input: string): string | undefined {
  const value = input.trim();
  if (!value || /\s/.test(value) || value.includes("*")) return undefined;
  const hasScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(value);
  let url: URL;
  try {
    url = new URL(hasScheme ? value : `https://${value}`);
  } catch {
    return undefined;
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return undefined;
  if (url.username || url.password) return undefined;
  const host = url.hostname.replace(/\.$/, "");
  if (!HOST.test(host) || host.includes("..")) return undefined;
  return `${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`;
}

/** The lines of the settings form's list, blank lines and repeats left out, each normalized (undefined: not a site). */
export function siteOriginLines(text: string): { line: string; origin: string | undefined }[] {
  const seen = new Set<string>();
  const lines: { line: string; origin: string | undefined }[] = [];
  for (const line of text.split(/\r?\n/).map((entry) => entry.trim())) {
    if (!line) continue;
    const origin = normalizeSiteOrigin(line);
    if (origin && seen.has(origin)) continue;
    if (origin) seen.add(origin);
    lines.push({ line, origin });
  }
  return lines;
}

/**
 * Every origin a client's chat may be framed by and posted from: its website domain (with its www.
 * twin, and both schemes when none was typed) and the extra sites of its list.
 */
export function clientSiteOrigins(websiteDomain: string, allowedOrigins: readonly string[]): string[] {
  return [...new Set([...frameAncestorSources(websiteDomain), ...allowedOrigins])];
}

/** Whether a browser's origin (`Origin`, or a page's origin) is one of the client's sites. */
export function isClientSite(origin: string, websiteDomain: string, allowedOrigins: readonly string[]): boolean {
  const normalized = normalizeSiteOrigin(origin);
  return normalized !== undefined && clientSiteOrigins(websiteDomain, allowedOrigins).includes(normalized);
}
