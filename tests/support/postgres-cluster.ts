import { execFile } from "node:child_process";
import { chownSync, existsSync, mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir, userInfo } from "node:os";
import path from "node:path";
import { promisify } from "node:util";
import { freePort } from "./server.ts";

const run = promisify(execFile);

/**
 * A PostgreSQL server of its own for a test that stops and starts it (tests/integration/faults/): a
 * fresh cluster in a temporary folder on a free loopback port, trust authentication, its socket in
 * that folder. PostgreSQL refuses to run as root, so as root (CI) the cluster belongs to the
 * `postgres` user the Debian package creates, and its commands run through `runuser`.
 */
export type PostgresCluster = {
  /** `postgres://postgres@127.0.0.1:<port>/postgres`; `databaseUrl(name)` for another database. */
  url: string;
  port: number;
  databaseUrl: (name: string) => string;
  /** `pg_ctl stop -m fast`: open connections are ended, new ones refused. */
  stop: () => Promise<void>;
  start: () => Promise<void>;
  /** Stops the server and removes the folder. */
  destroy: () => Promise<void>;
};

/** The newest installed major version's programs, or undefined when PostgreSQL's server is not installed. */
export function postgresBinDir(): string | undefined {
  const root = "/usr/lib/postgresql";
  if (!existsSync(root)) return undefined;
  const versions = readdirSync(root)
    .filter((entry) => /^\d+$/.test(entry) && existsSync(path.join(root, entry, "bin", "initdb")))
    .sort((a, b) => Number(b) - Number(a));
  return versions[0] ? path.join(root, versions[0], "bin") : undefined;
}

export async function startPostgresCluster(): Promise<PostgresCluster> {
  const bin = postgresBinDir();
  if (!bin) throw new Error("PostgreSQL's server programs are not installed (/usr/lib/postgresql/*/bin).");
  const asRoot = userInfo().uid === 0;
  const folder = mkdtempSync(path.join(tmpdir(), "alex-pg-"));
  if (asRoot) chownSync(folder, Number((await run("id", ["-u", "postgres"])).stdout), -1);
  const dataDir = path.join(folder, "data");
  const port = await freePort();
  const pg = (program: string, args: string[]) =>
    asRoot
      ? run("runuser", ["-u", "postgres", "--", path.join(bin, program), ...args])
      : run(path.join(bin, program), args);

  await pg("initdb", ["-D", dataDir, "--auth=trust", "--username=postgres", "--encoding=UTF8", "--no-sync"]);
  const options = `-p ${port} -k ${folder} -c listen_addresses=127.0.0.1`;
  const start = async () => {
    await pg("pg_ctl", ["-D", dataDir, "-o", options, "-l", path.join(folder, "server.log"), "-w", "start"]);
  };
  const stop = async () => {
    await pg("pg_ctl", ["-D", dataDir, "-m", "fast", "-w", "stop"]);
  };
  await start();
  const databaseUrl = (name: string) => `postgres://postgres@127.0.0.1:${port}/${name}`;
  return {
    url: databaseUrl("postgres"),
    port,
    databaseUrl,
    stop,
    start,
    destroy: async () => {
      await stop().catch(() => {});
      rmSync(folder, { recursive: true, force: true });
    },
  };
}
