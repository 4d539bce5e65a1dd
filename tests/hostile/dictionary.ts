import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import type postgres from "postgres";
import type { Dictionary } from "./hostile-input.ts";
import { patternToRegExp, type RouteLeaf } from "../support/route-walker.ts";

const appDirectory = path.resolve(import.meta.dirname, "../../app");

function sourceFiles(directory: string): string[] {
  return readdirSync(directory, { withFileTypes: true }).flatMap((entry) => {
    const full = path.join(directory, entry.name);
    if (entry.isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [full] : [];
  });
}

/** The keys of every zod object and every field name written in app/: what a JSON API or a form reads. */
export function namesInSource() {
  const names = new Set<string>();
  for (const file of sourceFiles(appDirectory)) {
    const source = readFileSync(file, "utf8");
    for (const match of source.matchAll(/\b([A-Za-z_][\w]*)\s*:\s*z\./g)) names.add(match[1]!);
    for (const match of source.matchAll(/\bname=["']([\w\-[\].]+)["']/g)) names.add(match[1]!);
    for (const match of source.matchAll(/\.get\(\s*["']([\w-]+)["']\s*\)/g)) names.add(match[1]!);
  }
  return names;
}

const decodeAttribute = (value: string) =>
  value
    .replace(/&amp;/g, "&")
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, "<")
    .replace(/&gt;/g, ">");

/** Field names, their values, and the links of one rendered page. */
export function readPage(html: string) {
  const names: string[] = [];
  const values: string[] = [];
  for (const [tag] of html.matchAll(/<(?:input|textarea|select|button|option)\b[^>]*>/g)) {
    const name = /\bname="([^"]*)"/.exec(tag)?.[1];
    const value = /\bvalue="([^"]*)"/.exec(tag)?.[1];
    if (name) names.push(decodeAttribute(name));
    if (value && value.length < 200) values.push(decodeAttribute(value));
  }
  const links = [...html.matchAll(/\b(?:href|action)="(\/[^"]*)"/g)].map(
    (match) => decodeAttribute(match[1]!).split(/[?#]/)[0]!,
  );
  return { names, values, links };
}

/** Real values of each route's params, from links that match its pattern. */
export function paramValuesFromLinks(routes: RouteLeaf[], links: Iterable<string>) {
  const values: Record<string, Set<string>> = {};
  for (const link of links) {
    for (const route of routes) {
      if (!route.params.length && !route.splat) continue;
      const match = patternToRegExp(route.pattern).exec(link);
      if (match) for (const value of match.slice(1)) (values[route.id] ??= new Set()).add(value);
    }
  }
  return Object.fromEntries(Object.entries(values).map(([id, set]) => [id, [...set]]));
}

/** Up to three short values of every text-like column: license keys, slugs, usernames, ids. */
export async function tokensInDatabase(sql: postgres.Sql) {
  const columns = await sql<{ table_name: string; column_name: string }[]>`
    select table_name, column_name from information_schema.columns
    where table_schema = 'public' and data_type in ('text', 'character varying', 'uuid', 'integer', 'bigint')`;
  const tokens = new Set<string>();
  for (const { table_name, column_name } of columns) {
    const rows = await sql.unsafe<{ value: string }[]>(
      `select "${column_name}"::text as value from "${table_name}" where "${column_name}" is not null and length("${column_name}"::text) < 120 limit 3`,
    );
    for (const row of rows) tokens.add(row.value);
  }
  return tokens;
}

export function buildDictionary(parts: {
  sourceNames: Set<string>;
  pageNames: string[];
  pageValues: string[];
  tokens: Set<string>;
  paramValues: Dictionary["paramValues"];
}): Dictionary {
  return {
    fieldNames: [...new Set([...parts.sourceNames, ...parts.pageNames])].sort(),
    fieldValues: [...new Set(parts.pageValues)].sort(),
    tokens: [...parts.tokens].sort(),
    paramValues: parts.paramValues,
  };
}
