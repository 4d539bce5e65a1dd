import { createContext, useContext } from "react";
import { useMatches } from "react-router";

/** The inlined stylesheet and script of an island page (app/islands/page-assets.server.ts). */
export type IslandPageAssets = { styles: string; script: string };

/**
 * Handed to the render by app/entry.server.tsx. The browser never has it: an island page is never
 * rendered there (`loadAsDocument` turns a client-side navigation to one into a page load).
 */
export const IslandAssetsContext = createContext<IslandPageAssets | null>(null);

/**
 * A public page opts in with `handle.islands: true`: it is sent as finished HTML with its styles
 * inlined and no framework JavaScript, and app/islands/enhance.ts adds the few behaviours that need
 * a script. Null for every other page, which hydrates as usual.
 */
export function useIslandPage(): IslandPageAssets | null {
  const assets = useContext(IslandAssetsContext);
  const wanted = useMatches().some((match) => (match.handle as { islands?: unknown } | undefined)?.islands === true);
  return wanted ? assets : null;
}

/**
 * The client loader of every island route. Reached only by a client-side navigation from a page
 * that hydrated (a redirect after logging out, a link in the back-office): the page is loaded as a
 * document instead, since it has no code to run in the browser's router.
 */
export function loadAsDocument({ request }: { request: Request }): Promise<never> {
  window.location.assign(request.url);
  return new Promise(() => {});
}
