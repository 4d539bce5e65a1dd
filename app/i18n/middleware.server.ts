import { createInstance, type i18n } from "i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { LanguageDetector } from "remix-i18next/server";
import { i18nextOptions, INVEST_PATHS, isLanguage, LANGUAGES, type Language } from "./config.ts";
import { resources } from "./resources.server.ts";

export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 365 });

/**
 * Only ?lng= and the cookie decide: the browser's Accept-Language is ignored on purpose,
 * because the public site is Hebrew first and the back-office English first for everyone.
 */
const detectorFor = (fallbackLanguage: Language) =>
  new LanguageDetector({
    supportedLanguages: [...LANGUAGES],
    fallbackLanguage,
    cookie: languageCookie,
    order: ["searchParams", "cookie"],
  });
const publicDetector = detectorFor("he");
const adminDetector = detectorFor("en");

/** The back-office and its APIs; the public APIs (the plugin's, the investor form's) follow the public site. */
export const isAdminPath = (pathname: string) =>
  /^\/(admin|login|logout)(\/|$)/.test(pathname) || /^\/api\/(?!wordpress\/|investment-inquiry)/.test(pathname);

/** Pages written in one language (the investor pitches) show it whatever the visitor chose elsewhere. */
const fixedLanguageOf = (pathname: string): Language | undefined => {
  const page = pathname.replace(/\/+$/, "");
  return LANGUAGES.find((language) => INVEST_PATHS[language] === page);
};

/** One initialised instance per language for the life of the process; creating one per request costs a third of the throughput. */
const instances = new Map<Language, Promise<i18n>>();
export function getI18nInstance(language: Language): Promise<i18n> {
  let instance = instances.get(language);
  if (!instance) {
    const created = createInstance({ ...i18nextOptions, resources, lng: language, ns: Object.keys(resources[language] ?? {}) });
    instance = created.init().then(() => created);
    instances.set(language, instance);
  }
  return instance;
}

export const languageContext = createContext<Language>("he");
export const i18nContext = createContext<i18n>();

export const i18nMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const detector = isAdminPath(url.pathname) ? adminDetector : publicDetector;
  const detected = await detector.detect(request);
  const language = fixedLanguageOf(url.pathname) ?? (isLanguage(detected) ? detected : "he");
  context.set(languageContext, language);
  context.set(i18nContext, await getI18nInstance(language));
  const response = await next();
  const requested = url.searchParams.get("lng");
  // A page visit with ?lng= is a choice to keep; an API call's ?lng= (the chat widget's) is for that answer only.
  if (isLanguage(requested) && !url.pathname.startsWith("/api/")) {
    response.headers.append("Set-Cookie", await languageCookie.serialize(requested));
  }
  return response;
};

/** A translator for the request's language, for loaders and actions. */
export const getTranslator = (context: Readonly<RouterContextProvider>) => context.get(i18nContext).t;
