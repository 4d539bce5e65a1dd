import { randomBytes } from "node:crypto";
import type { MiddlewareFunction } from "react-router";
import { nonceContext } from "~/context.ts";

/** Vite's dev server talks to the page over a WebSocket; set once at start-up from the validated env. */
let allowDevServerSockets = false;

export function configureSecurityHeaders(settings: { development: boolean }) {
  allowDevServerSockets = settings.development;
}

/** Origins a page adds to the baseline, such as a payment provider's script and frames. */
export type CspAdditions = { script?: string[]; frame?: string[]; connect?: string[]; img?: string[]; form?: string[] };

export function contentSecurityPolicy(nonce: string, frameAncestors = "'none'", add: CspAdditions = {}) {
  const extra = (origins: string[] | undefined) => (origins?.length ? ` ${origins.join(" ")}` : "");
  return [
    "default-src 'self'",
    `script-src 'self' 'nonce-${nonce}'${extra(add.script)}`,
    "style-src 'self' 'unsafe-inline'",
    `img-src 'self' data: blob:${extra(add.img)}`,
    "font-src 'self'",
    ...(add.frame?.length ? [`frame-src${extra(add.frame)}`] : []),
    `connect-src 'self'${allowDevServerSockets ? " ws: wss:" : ""}${extra(add.connect)}`,
    "object-src 'none'",
    "base-uri 'self'",
    // A form's redirect counts too: the pay page's card form is answered with a redirect to Cardcom's page.
    `form-action 'self'${extra(add.form)}`,
    `frame-ancestors ${frameAncestors}`,
  ].join("; ");
}

/** The headers every response carries whatever it is; pages add their nonce'd policy on top. */
export function baselineSecurityHeaders(): Record<string, string> {
  return {
    "Content-Security-Policy": "default-src 'none'; frame-ancestors 'none'",
    "X-Content-Type-Options": "nosniff",
    "Referrer-Policy": "strict-origin-when-cross-origin",
    "X-Frame-Options": "DENY",
    "Cross-Origin-Opener-Policy": "same-origin",
    "Permissions-Policy": "camera=(), microphone=(), geolocation=()",
  };
}

/**
 * Every response gets the baseline headers. Pages get a fresh script nonce, which the
 * document renderer puts on React Router's inline scripts. A route that must be framed
 * (the chat widget) sets its own Content-Security-Policy and keeps it.
 */
export const securityHeadersMiddleware: MiddlewareFunction<Response> = async ({ context }, next) => {
  const nonce = randomBytes(16).toString("base64");
  context.set(nonceContext, nonce);
  const response = await next();
  const headers = response.headers;
  if (!headers.has("Content-Security-Policy")) headers.set("Content-Security-Policy", contentSecurityPolicy(nonce));
  headers.set("X-Content-Type-Options", "nosniff");
  // A page whose address holds a secret (a pay or reset link) keeps its stricter "no-referrer".
  if (headers.get("Referrer-Policy") !== "no-referrer")
    headers.set("Referrer-Policy", "strict-origin-when-cross-origin");
  if (headers.get("Content-Security-Policy")?.includes("frame-ancestors 'none'"))
    headers.set("X-Frame-Options", "DENY");
  headers.set("Cross-Origin-Opener-Policy", "same-origin");
  headers.set("Permissions-Policy", "camera=(), microphone=(), geolocation=()");
  return response;
};
