import { createInstance, type i18n } from "i18next";
import { createContext, createCookie, type MiddlewareFunction, type RouterContextProvider } from "react-router";
import { i18nextOptions, isLanguage, type Language } from "./config.ts";
import { languageFor } from "./language-rule.ts";
import { resources } from "./resources.server.ts";

export const languageCookie = createCookie("lng", { path: "/", sameSite: "lax", maxAge: 60 * 60 * 24 * 365 });

/** One initialised instance per language for the life of the process; creating one per request costs a third of the throughput. */
const instances = new Map<Language, Promise<i18n>>();
export function getI18nInstance(language: Language): Promise<i18n> {
  let instance = instances.get(language);
  if (!instance) {
    const created = createInstance({
      ...i18nextOptions,
      resources,
      lng: language,
      ns: Object.keys(resources[language] ?? {}),
    });
    instance = created.init().then(() => created);
    instances.set(language, instance);
  }
  return instance;
}

export const languageContext = createContext<Language>("he");
export const i18nContext = createContext<i18n>();

export const i18nMiddleware: MiddlewareFunction<Response> = async ({ request, url, context }, next) => {
  const chosen: unknown = await languageCookie.parse(request.headers.get("Cookie"));
  const language = languageFor(
    url.pathname,
    url.searchParams.get("lng"),
    typeof chosen === "string" ? chosen : undefined,
  );
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
