import { createInstance } from "i18next";
import type { ReactElement } from "react";
import { renderToString } from "react-dom/server";
import { I18nextProvider, initReactI18next } from "react-i18next";
import { MemoryRouter } from "react-router";
import { i18nextOptions, type Language } from "~/i18n/config.ts";
import { resources } from "~/i18n/resources.server.ts";

/**
 * Renders a component to HTML as the server would: in `language` with the real translations, at
 * `url` (for components that read the location, such as links that keep the search parameters).
 */
export function renderHtml(
  element: ReactElement,
  { language = "en", url = "/" }: { language?: Language; url?: string } = {},
) {
  const i18n = createInstance();
  void i18n.use(initReactI18next).init({
    ...i18nextOptions,
    resources,
    lng: language,
    ns: Object.keys(resources[language] ?? {}),
    initAsync: false,
  });
  return renderToString(
    <I18nextProvider i18n={i18n}>
      <MemoryRouter initialEntries={[url]}>{element}</MemoryRouter>
    </I18nextProvider>,
  );
}

export type Tag = { name: string; attributes: Record<string, string> };

/** Every opening tag of the HTML, with its attributes (entities in values left as they are). */
export function tagsOf(html: string): Tag[] {
  return [...html.matchAll(/<([a-z][\w-]*)((?:\s+[\w:-]+(?:="[^"]*")?)*)\s*\/?>/g)].map(([, name, attributes]) => ({
    name: name!,
    attributes: Object.fromEntries(
      [...attributes!.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(([, key, value]) => [key!, value ?? ""]),
    ),
  }));
}

/** The one tag that has all these attributes; fails the test when there is not exactly one. */
export function tagWith(html: string, wanted: Record<string, string>, name?: string): Tag {
  const found = tagsOf(html).filter(
    (tag) =>
      (!name || tag.name === name) && Object.entries(wanted).every(([key, value]) => tag.attributes[key] === value),
  );
  if (found.length !== 1)
    throw new Error(`Expected one <${name ?? "*"}> with ${JSON.stringify(wanted)}, found ${found.length} in:\n${html}`);
  return found[0]!;
}

/** The text inside the element with this id, tags stripped. */
export function textOfId(html: string, id: string): string {
  const start = html.search(new RegExp(`<([a-z]+)[^>]*\\sid="${id}"`));
  if (start < 0) throw new Error(`No element with id "${id}" in:\n${html}`);
  const name = /^<([a-z]+)/.exec(html.slice(start))![1];
  const end = html.indexOf(`</${name}>`, start);
  return html
    .slice(html.indexOf(">", start) + 1, end)
    .replace(/<[^>]+>/g, "")
    .replace(/&#x27;/g, "'")
    .replace(/&quot;/g, '"')
    .replace(/&amp;/g, "&");
}
