import { readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { getTableColumns, getTableName, isTable } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import * as schema from "#db/schema.ts";

const assets = path.resolve(import.meta.dirname, "../../../build/client/assets");
const scripts = readdirSync(assets)
  .filter((name) => name.endsWith(".js"))
  .map((name) => ({ name, text: readFileSync(path.join(assets, name), "utf8") }));

const tables = Object.values(schema).filter((value) => isTable(value));
/** Column names no page needs and an attacker would like to know: secrets, hashes, tokens. */
const secretColumns = tables.flatMap((table) =>
  Object.values(getTableColumns(table))
    .map((column) => column.name)
    .filter((name) => /password|secret|token|hash|key/.test(name)),
);

describe("the browser's JavaScript (build/client/assets)", () => {
  it("holds scripts to check", () => {
    expect(scripts.length).toBeGreaterThan(5);
    expect(secretColumns).toEqual(expect.arrayContaining(["password_hash", "pay_token"]));
  });

  it("carries no drizzle table definition", () => {
    // drizzle names each table with Symbol.for("drizzle:Name"); a bundled schema brings that string along.
    expect(scripts.filter(({ text }) => text.includes("drizzle:")).map(({ name }) => name)).toEqual([]);
  });

  it("names no table and no secret column", () => {
    const found = scripts.flatMap(({ name, text }) =>
      [...tables.map((table) => getTableName(table)), ...secretColumns]
        .filter((identifier) => identifier.includes("_") && text.includes(`"${identifier}"`))
        .map((identifier) => `${name}: ${identifier}`),
    );
    expect(found).toEqual([]);
  });
});
