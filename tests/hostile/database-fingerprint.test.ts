import postgres from "postgres";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { changedTables, fingerprinter } from "./database-fingerprint.ts";

const serverUrl = process.env.TEST_DATABASE_URL;

/** The hostile suite trusts this to see any write a refused request made: it must miss none. */
describe.runIf(serverUrl)("the database fingerprint", () => {
  const database = `alex_fingerprint_${process.pid}_${Date.now()}`;
  let admin: postgres.Sql;
  let sql: postgres.Sql;

  beforeAll(async () => {
    admin = postgres(serverUrl!, { max: 1, onnotice: () => {} });
    await admin.unsafe(`create database ${database}`);
    const url = new URL(serverUrl!);
    url.pathname = `/${database}`;
    sql = postgres(url.toString(), { max: 1, onnotice: () => {} });
    await sql`create table notes (id serial primary key, body text, done boolean not null default false)`;
    await sql`create table rate_limit_events (id serial primary key, bucket text)`;
    await sql`insert into notes (body) values ('one'), ('two'), (null)`;
  });

  afterAll(async () => {
    await sql?.end();
    await admin?.unsafe(`drop database if exists ${database} with (force)`);
    await admin?.end();
  });

  it("names the table of any insert, update or delete, and nothing when nothing changed", async () => {
    const { tables, take } = await fingerprinter(sql);
    expect(tables).toEqual(["notes"]);
    // The write counters live outside the public schema, so they are not fingerprinted themselves.
    expect((await fingerprinter(sql)).tables).toEqual(["notes"]);
    const start = await take();
    expect(changedTables(start, await take())).toEqual([]);

    await sql`update notes set done = true where body = 'two'`;
    const updated = await take();
    expect(changedTables(start, updated)).toEqual(["notes"]);

    await sql`update notes set done = false where body = 'two'`;
    expect(changedTables(start, await take())).toEqual([]);

    await sql`update notes set body = 'three' where body is null`;
    expect(changedTables(start, await take())).toEqual(["notes"]);
    await sql`update notes set body = null where body = 'three'`;

    await sql`delete from notes where body = 'one'`;
    const deleted = await take();
    expect(changedTables(start, deleted)).toEqual(["notes"]);
    // The same text again, but a new row: its id differs, and so does the fingerprint.
    await sql`insert into notes (body) values ('one')`;
    expect(changedTables(start, await take())).toEqual(["notes"]);
  });

  it("sums again only the tables written since the fingerprint it is given, and misses no write", async () => {
    await sql`create table tags (id serial primary key, name text)`;
    const { take } = await fingerprinter(sql);
    const start = await take();
    const unchanged = await take(start);
    expect(unchanged.sums).toEqual(start.sums);
    expect(changedTables(start, unchanged)).toEqual([]);

    await sql`insert into tags (name) values ('new')`;
    const tagged = await take(start);
    expect(changedTables(start, tagged)).toEqual(["tags"]);
    expect(tagged.sums.notes).toBe(start.sums.notes);

    // A write rolled back leaves no note: nothing is summed again.
    await sql
      .begin(async (transaction) => {
        await transaction`update notes set body = 'rolled back'`;
        throw new Error("roll back");
      })
      .catch(() => {});
    const afterRollback = await take(tagged);
    expect(afterRollback.writes).toEqual(tagged.writes);
    expect(changedTables(tagged, afterRollback)).toEqual([]);

    // An update that ends where it began is summed again and found equal.
    await sql`update notes set done = not done`;
    await sql`update notes set done = not done`;
    const back = await take(tagged);
    expect(back.writes.notes).not.toBe(tagged.writes.notes);
    expect(changedTables(tagged, back)).toEqual([]);
    await sql`delete from notes where body = 'two'`;
    expect(changedTables(back, await take(back))).toEqual(["notes"]);
    await sql`insert into notes (body) values ('two')`;
  });

  it("leaves out the tables that count attempts on purpose", async () => {
    const { take } = await fingerprinter(sql);
    const start = await take();
    await sql`insert into rate_limit_events (bucket) values ('login:ip:198.51.100.1')`;
    expect(changedTables(start, await take())).toEqual([]);
  });
});
