import i18next from "i18next";
import resourcesToBackend from "i18next-resources-to-backend";
import { startTransition, StrictMode } from "react";
import { hydrateRoot } from "react-dom/client";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { HydratedRouter } from "react-router/dom";
import { getInitialNamespaces } from "remix-i18next/client";
import { i18nextOptions } from "~/i18n/config.ts";

/**
 * A request the router cancelled is not a failure. With middleware on, React Router rethrows an aborted
 * request's reason from a promise nobody awaits when a navigation cuts short a live reload or a fetcher
 * (the inbox's waiting count, say), and the browser reports it as "signal is aborted without reason".
 * Only that kind of rejection is dropped; every other one still reaches the console.
 */
window.addEventListener("unhandledrejection", (event) => {
  if (event.reason instanceof DOMException && event.reason.name === "AbortError") event.preventDefault();
});

/** Each namespace is its own chunk, fetched only by the pages that use it. */
async function hydrate() {
  await i18next
    .use(initReactI18next)
    .use(resourcesToBackend((language: string, namespace: string) => import(`./locales/${language}/${namespace}.json`)))
    .init({ ...i18nextOptions, lng: document.documentElement.lang, ns: getInitialNamespaces() });

  startTransition(() => {
    hydrateRoot(
      document,
      <I18nextProvider i18n={i18next}>
        <StrictMode>
          <HydratedRouter />
        </StrictMode>
      </I18nextProvider>,
    );
  });
}

void hydrate();
