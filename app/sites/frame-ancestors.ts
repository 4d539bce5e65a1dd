/**
 * Which pages may frame a client's chat UI (CSP `frame-ancestors`): the client's own domain and
 * its `www.` twin (or the bare domain when the stored one starts with `www.`), whatever form the
 * operator typed it in: `shop.example`, `https://shop.example/`, `SHOP.example:8080`,
 * `http://www.shop.example/path`. A stored scheme is kept; without one, https and http are both
 * allowed. An address that cannot be read allows no one (nothing is better than a guess).
 */
export function frameAncestorSources(websiteDomain: string): string[] {
  const stored = websiteDomain.trim();
  if (!stored) return [];
  const hasScheme = /^[a-z][a-z\d+.-]*:\/\//i.test(stored);
  let url: URL;
  try {
    url = new URL(hasScheme ? stored : `https://${stored}`);
  } catch {
    return [];
  }
  if (url.protocol !== "https:" && url.protocol !== "http:") return [];
  const host = url.hostname.toLowerCase().replace(/\.$/, "");
  // CSP host sources cannot name IPv6 addresses, and nothing else may carry other characters.
  if (!/^[a-z\d](?:[a-z\d.-]*[a-z\d])?$/.test(host) || host.includes("..")) return [];
  const isIpAddress = /^\d+\.\d+\.\d+\.\d+$/.test(host);
  const bare = host.replace(/^www\./, "");
  const hosts = isIpAddress || !bare.includes(".") ? [host] : [bare, `www.${bare}`];
  const schemes = hasScheme ? [url.protocol.slice(0, -1)] : ["https", "http"];
  const port = url.port ? `:${url.port}` : "";
  return hosts.flatMap((name) => schemes.map((scheme) => `${scheme}://${name}${port}`));
}

/**
 * The CSP `frame-ancestors` value: our own pages (the operators' previews), the client's site and
 * the extra sites of its list (normalized origins, app/sites/site-origins.ts).
 */
export function frameAncestorsDirective(websiteDomain: string, allowedOrigins: readonly string[] = []): string {
  return [...new Set(["'self'", ...frameAncestorSources(websiteDomain), ...allowedOrigins])].join(" ");
}
