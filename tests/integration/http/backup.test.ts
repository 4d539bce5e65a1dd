import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { sql } from "drizzle-orm";
import { afterAll, describe, expect, it } from "vitest";
import { selectRows } from "#db/connection.ts";
import { inspectEmbeddedDatabase, startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";

const root = path.resolve(import.meta.dirname, "../../..");

/** `npm run <script> -- <file>` on DATA_DIR, as an operator types it. */
function runScript(script: "db:backup" | "db:restore", file: string, dataDir: string) {
  return new Promise<{ code: number; output: string }>((resolve) => {
    execFile(
      "npm",
      ["run", "-s", script, "--", file],
      { cwd: root, env: { ...process.env, DATA_DIR: dataDir, DATABASE_URL: "" } },
      (error, stdout, stderr) => {
        resolve({ code: error ? Number(error.code ?? 1) : 0, output: stdout + stderr });
      },
    );
  });
}

/** Every table's row count and, compared whole, the bills and some conversations with their messages. */
function snapshot(dataDir: string) {
  return inspectEmbeddedDatabase(dataDir, async (db) => {
    const tables = await selectRows<{ name: string }>(
      db,
      sql`select table_schema || '.' || table_name as name from information_schema.tables where table_schema in ('public', 'drizzle') and table_type = 'BASE TABLE' order by 1`,
    );
    const counts: Record<string, number> = {};
    for (const { name } of tables) {
      counts[name] = (
        await selectRows<{ count: number }>(db, sql.raw(`select count(*)::int as count from ${name}`))
      )[0]!.count;
    }
    return {
      counts,
      bills: await selectRows(db, sql`select * from billing_records order by id`),
      sessions: await selectRows(db, sql`select * from chat_sessions order by id limit 5`),
      firstMessages: await selectRows(db, sql`select * from messages order by id limit 20`),
      lastMessages: await selectRows(db, sql`select * from messages order by id desc limit 20`),
    };
  });
}

const secrets = (dataDir: string) =>
  ["session-secret", "credentials-key"].map((name) => readFileSync(path.join(dataDir, name), "utf8"));

async function operatorPage(server: RunningServer, pathname: string, cookie: string) {
  return fetch(`${server.url}${pathname}`, {
    headers: { Cookie: cookie, "X-Forwarded-For": "198.18.250.1" },
    redirect: "manual",
  });
}

describe("npm run db:backup and db:restore (the embedded database)", () => {
  const folder = mkdtempSync(path.join(tmpdir(), "alex-backup-"));
  const dataDir = path.join(folder, "data");
  const backup = path.join(folder, "alex.tar.gz");
  let server: RunningServer | undefined;

  afterAll(async () => {
    await server?.stop({ keepData: true });
    rmSync(folder, { recursive: true, force: true });
  });

  it(
    "backs up, survives the data folder's loss, restores every conversation and bill, and the operator stays signed in",
    { timeout: 240_000 },
    async () => {
      server = await startServer({}, { dataDir });
      const login = await fetch(`${server.url}/login`, {
        method: "POST",
        body: new URLSearchParams(TEST_ADMIN),
        headers: { "X-Forwarded-For": "198.18.250.1" },
        redirect: "manual",
      });
      const cookie = login.headers
        .getSetCookie()
        .find((value) => value.startsWith("alex_session="))!
        .split(";")[0]!;

      const refused = await runScript("db:backup", backup, dataDir);
      expect(refused.code).not.toBe(0);
      expect(refused.output).toMatch(/in use by another process \(pid \d+\)/);
      expect(existsSync(backup)).toBe(false);

      await server.stop({ keepData: true });
      server = undefined;
      const before = await snapshot(dataDir);
      expect(before.counts["public.chat_sessions"]).toBeGreaterThan(100);
      expect(before.counts["public.messages"]).toBeGreaterThan(500);
      expect(before.counts["public.billing_records"]).toBeGreaterThan(5);
      expect(before.counts["public.auth_sessions"]).toBe(1);
      const secretsBefore = secrets(dataDir);

      const made = await runScript("db:backup", backup, dataDir);
      expect(made.output).toMatch(
        new RegExp(
          `Backed up the embedded database in .* to ${backup}: \\d+ rows in ${Object.keys(before.counts).length} tables`,
        ),
      );
      expect(made.code).toBe(0);

      rmSync(dataDir, { recursive: true, force: true });
      const restored = await runScript("db:restore", backup, dataDir);
      expect(restored.output).toMatch(
        /Restored the backup of .* into .*: \d+ rows in \d+ tables, as many as it holds\./,
      );
      expect(restored.code).toBe(0);

      expect(await snapshot(dataDir)).toEqual(before);
      expect(secrets(dataDir)).toEqual(secretsBefore);

      // The restored folder serves the same product: the session made before the backup still signs in.
      server = await startServer({}, { dataDir });
      const billing = await operatorPage(server, "/admin/billing?lng=en", cookie);
      expect(billing.status).toBe(200);
      const publicId = String(before.sessions[0]!.public_id);
      const sessionPage = await operatorPage(server, `/admin/session/${publicId}?lng=en`, cookie);
      expect(sessionPage.status).toBe(200);
      expect(await sessionPage.text()).toContain(publicId);

      const refusedRestore = await runScript("db:restore", backup, dataDir);
      expect(refusedRestore.code).not.toBe(0);
      expect(refusedRestore.output).toMatch(/in use by another process/);
    },
  );

  it("refuses a file that is not one of its backups, and leaves the database alone", async () => {
    const notABackup = path.join(root, "package.json");
    const result = await runScript("db:restore", notABackup, path.join(folder, "untouched"));
    expect(result.code).not.toBe(0);
    expect(result.output).toMatch(/is not a readable backup/);
    expect(existsSync(path.join(folder, "untouched"))).toBe(false);
  });
});
