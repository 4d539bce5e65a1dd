import { rmSync } from "node:fs";
import path from "node:path";
import type { TestProject } from "vitest/node";
import { createMigratedTemplate, writeMigratedDump } from "./database.ts";
import { makeDataTemplate, startServer, type RunningServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    /** One production server per Vitest worker: `tests/support/http.ts` picks the worker's own. */
    baseUrls: string[];
  }
}

let servers: RunningServer[] = [];
let template: string | undefined;
let postgresTemplate: Awaited<ReturnType<typeof createMigratedTemplate>> | undefined;

/**
 * A production server for each worker, so files that run at the same time never see each other's
 * rows (some tests count what their server holds). Files in one worker run one after another and
 * share its server; a test that needs a server of its own starts one.
 */
export async function setup(project: TestProject) {
  // Made before the workers start, which inherit the variables: servers copy the template
  // (tests/support/server.ts), test databases start from the dump or the PostgreSQL template
  // (tests/support/database.ts).
  template = await makeDataTemplate();
  const dump = path.join(template, "migrated.tar");
  await writeMigratedDump(dump);
  process.env.TEST_DATA_TEMPLATE = template;
  process.env.TEST_PGLITE_DUMP = dump;
  if (process.env.TEST_DATABASE_URL) {
    postgresTemplate = await createMigratedTemplate(process.env.TEST_DATABASE_URL);
    process.env.TEST_POSTGRES_TEMPLATE = postgresTemplate.name;
  }
  const workers = Math.max(1, project.config.maxWorkers);
  servers = await Promise.all(Array.from({ length: workers }, () => startServer({ SCANNER_ALLOW_HOSTS: "127.0.0.1" })));
  project.provide(
    "baseUrls",
    servers.map((server) => server.url),
  );
}

export async function teardown() {
  await Promise.all(servers.map((server) => server.stop()));
  if (template) rmSync(template, { recursive: true, force: true });
  await postgresTemplate?.drop();
}
