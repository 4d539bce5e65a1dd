import { INVEST_PATHS, isLanguage, LANGUAGES, type Language } from "./config.ts";

/** The back-office and its APIs; the public APIs (the plugin's, the investor form's) follow the public site. */
export const isAdminPath = (pathname: string) =>
  /^\/(admin|account|login|logout)(\/|$)/.test(pathname) || /^\/api\/(?!wordpress\/|investment-inquiry)/.test(pathname);

/**
 * The one rule for the language of an answer, used by the page middleware (app/i18n/middleware.server.ts)
 * and by the front door's refusals (app/server/front-door.server.ts): a page written in one language
 * (an investor pitch) shows it; otherwise the visitor's first valid choice (`?lng=`, then the cookie);
 * otherwise Hebrew for the public site and English for the back-office. The browser's Accept-Language
 * is ignored on purpose: the public site is Hebrew first and the back-office English first for everyone.
 */
export function languageFor(pathname: string, ...choices: (string | null | undefined)[]): Language {
  const page = pathname.replace(/(\.data|\/+)$/, "");
  const fixed = LANGUAGES.find((language) => INVEST_PATHS[language] === page);
  if (fixed) return fixed;
  const chosen = choices.find(isLanguage);
  if (chosen) return chosen;
  return isAdminPath(pathname) ? "en" : "he";
}

/**
 * The `lng` cookie's language, read without React Router: its createCookie writes the value as
 * URL-encoded base64 of its JSON (`"en"` is `ImVuIg%3D%3D`). Anything else reads as no choice.
 */
export function languageInCookieHeader(cookieHeader: string | null | undefined): string | undefined {
  const value = /(?:^|;\s*)lng=([^;]*)/.exec(cookieHeader ?? "")?.[1];
  if (!value) return undefined;
  try {
    const decoded: unknown = JSON.parse(atob(decodeURIComponent(value)));
    return typeof decoded === "string" ? decoded : undefined;
  } catch {
    return undefined;
  }
}
