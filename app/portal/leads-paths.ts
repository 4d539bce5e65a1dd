import type { HandledFilter } from "~/leads/lead-schema.ts";

/** The portal's leads CSV: the list (every lead, or those (not) handled) in the path, the search as `?q=`. */
export function portalLeadsExportPath({ q, handled }: { q: string; handled: HandledFilter }) {
  const search = q ? `?${new URLSearchParams({ q })}` : "";
  return `/portal/leads/export/${handled}${search}`;
}
