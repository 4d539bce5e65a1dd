import { readFileSync } from "node:fs";
import path from "node:path";
import type { RouteConfigEntry } from "@react-router/dev/routes";

/** The layouts that guard what sits under them (routes/admin/layout.tsx, routes/portal/layout.tsx, routes/api/layout.ts). */
export const GUARDS = {
  "routes/admin/layout.tsx": "page",
  "routes/portal/layout.tsx": "portal",
  "routes/api/layout.ts": "api",
} as const;

export type RouteLeaf = {
  /** The route's id: its own `id`, or the file without its extension as React Router names it. */
  id: string;
  file: string;
  /** The URL pattern with every parent's path joined: `/admin/leads/export/:list`, `/api/*`. */
  pattern: string;
  guard: (typeof GUARDS)[keyof typeof GUARDS] | null;
  /** Named path params (`:list`) and whether the pattern ends in a splat. */
  params: string[];
  splat: boolean;
  /** Read from the module's source: a route with an action takes posts, one without a default export is a resource route. */
  hasAction: boolean;
  isResource: boolean;
};

const appDirectory = path.resolve(import.meta.dirname, "../../app");

function describeModule(file: string) {
  const source = readFileSync(path.join(appDirectory, file), "utf8");
  return {
    hasAction: /export\s+(?:async\s+)?(?:function\s+action\b|const\s+action\b)|export\s*\{[^}]*\baction\b/.test(source),
    isResource: !/export\s+default\b/.test(source),
  };
}

/**
 * Every leaf route of a route config (what a URL can end on), with its full pattern and the guard above it.
 * Layouts with children are walked, not listed: a request never ends on a layout.
 */
export function walkRoutes(
  entries: RouteConfigEntry[],
  parentPattern = "",
  guard: RouteLeaf["guard"] = null,
): RouteLeaf[] {
  return entries.flatMap((entry) => {
    const pattern = entry.path ? `${parentPattern}/${entry.path}`.replace(/\/+/g, "/") : parentPattern;
    const entryGuard = GUARDS[entry.file as keyof typeof GUARDS] ?? guard;
    if (entry.children?.length) return walkRoutes(entry.children, pattern, entryGuard);
    const full = pattern || "/";
    return [
      {
        id: entry.id ?? entry.file.replace(/\.[jt]sx?$/, ""),
        file: entry.file,
        pattern: full,
        guard: entryGuard,
        params: [...full.matchAll(/:(\w+)\??/g)].map((match) => match[1]!),
        splat: full.endsWith("*"),
        ...describeModule(entry.file),
      },
    ];
  });
}

/** A regular expression matching the URLs of a pattern, capturing its params in order (the splat last). */
export function patternToRegExp(pattern: string) {
  const source = pattern
    .split("/")
    .map((segment) => {
      if (segment === "*") return "(.*)";
      if (segment.startsWith(":")) return segment.endsWith("?") ? "?([^/]*)" : "([^/]+)";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}$`);
}
