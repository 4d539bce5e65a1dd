import { readFileSync } from "node:fs";
import path from "node:path";
import { index, layout, prefix, route } from "@react-router/dev/routes";
import { describe, expect, it } from "vitest";
import routes from "~/routes.ts";
import { patternToRegExp, walkRoutes } from "../support/route-walker.ts";

/**
 * The hostile suite covers what the walker finds, so the walker must find every route: a new line in
 * app/routes.ts is covered without anyone adding it to a list.
 */
describe("the route walker", () => {
  const leaves = walkRoutes(routes);

  it("finds every route module named in app/routes.ts (layouts are walked through, not requested)", () => {
    const source = readFileSync(path.resolve(import.meta.dirname, "../../app/routes.ts"), "utf8");
    const named = new Set([...source.matchAll(/["'](routes\/[^"']+\.tsx?)["']/g)].map((match) => match[1]!));
    const layouts = new Set([...source.matchAll(/layout\(\s*["'](routes\/[^"']+)["']/g)].map((match) => match[1]!));
    const walked = new Set(leaves.map((leaf) => leaf.file));
    expect([...named].filter((file) => !layouts.has(file) && !walked.has(file))).toEqual([]);
    expect([...walked].filter((file) => !named.has(file))).toEqual([]);
  });

  it("gives one leaf per route id, every id unique (a module mounted twice is walked twice)", () => {
    const ids = leaves.map((leaf) => leaf.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(
      leaves
        .filter((leaf) => leaf.file === "routes/invest.tsx")
        .map((leaf) => leaf.pattern)
        .sort(),
    ).toEqual(["/invest-en", "/invest-he"]);
  });

  it("joins prefixes and nested layouts, keeps guards, params and splats, and reads what a module exports", () => {
    const config = [
      index("routes/home.tsx"),
      route("contact", "routes/contact.tsx"),
      layout("routes/admin/layout.tsx", [
        layout("routes/admin/page-errors.tsx", [
          ...prefix("admin", [
            index("routes/admin/dashboard.tsx", { id: "admin-index" }),
            route("leads/export/:list", "routes/admin/leads-export.ts"),
            route("*", "routes/admin/not-found.tsx"),
          ]),
        ]),
      ]),
      layout("routes/api/layout.ts", [...prefix("api", [route("stats", "routes/api/stats.ts")])]),
    ];
    expect(walkRoutes(config)).toEqual([
      {
        id: "routes/home",
        file: "routes/home.tsx",
        pattern: "/",
        guard: null,
        params: [],
        splat: false,
        hasAction: false,
        isResource: false,
      },
      {
        id: "routes/contact",
        file: "routes/contact.tsx",
        pattern: "/contact",
        guard: null,
        params: [],
        splat: false,
        hasAction: true,
        isResource: false,
      },
      {
        id: "admin-index",
        file: "routes/admin/dashboard.tsx",
        pattern: "/admin",
        guard: "page",
        params: [],
        splat: false,
        hasAction: false,
        isResource: false,
      },
      {
        id: "routes/admin/leads-export",
        file: "routes/admin/leads-export.ts",
        pattern: "/admin/leads/export/:list",
        guard: "page",
        params: ["list"],
        splat: false,
        hasAction: true,
        isResource: true,
      },
      {
        id: "routes/admin/not-found",
        file: "routes/admin/not-found.tsx",
        pattern: "/admin/*",
        guard: "page",
        params: [],
        splat: true,
        hasAction: false,
        isResource: false,
      },
      {
        id: "routes/api/stats",
        file: "routes/api/stats.ts",
        pattern: "/api/stats",
        guard: "api",
        params: [],
        splat: false,
        hasAction: true,
        isResource: true,
      },
    ]);
  });

  it("turns a pattern into a matcher that captures its params", () => {
    expect(patternToRegExp("/admin/leads/export/:list").exec("/admin/leads/export/contacts")?.slice(1)).toEqual([
      "contacts",
    ]);
    expect(patternToRegExp("/api/wordpress/*").exec("/api/wordpress/a/b")?.slice(1)).toEqual(["a/b"]);
    expect(patternToRegExp("/healthz").test("/healthzz")).toBe(false);
  });
});
