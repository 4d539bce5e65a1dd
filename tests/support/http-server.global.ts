import type { TestProject } from "vitest/node";
import { startServer, type RunningServer } from "./server.ts";

declare module "vitest" {
  export interface ProvidedContext {
    baseUrl: string;
  }
}

let server: RunningServer | undefined;

/** One production server for all HTTP integration tests; each test that needs its own starts one. */
export async function setup(project: TestProject) {
  server = await startServer({ SCANNER_ALLOW_HOSTS: "127.0.0.1" });
  project.provide("baseUrl", server.url);
}

export async function teardown() {
  await server?.stop();
}
