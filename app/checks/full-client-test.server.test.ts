import { describe, expect, it } from "vitest";
import type { Database } from "#db/connection.ts";
import type { Env } from "~/env.server.ts";
import type { Client } from "~/models/client.server.ts";
import {
  registerClientCheck,
  registeredClientChecks,
  runFullClientTest,
  type CheckContext,
} from "./full-client-test.server.ts";

const context: CheckContext = {
  db: {} as Database,
  client: {
    id: 7,
    businessName: "Shop",
    licenseKey: "alex_0123456789abcdef0123456789abcdef",
    status: "active",
  } as Client,
  serverUrl: "http://localhost",
  env: {} as Env,
  language: "en",
  t: (key, options) =>
    `${String(options?.ns)}:${key}${options?.count === undefined ? "" : `(${String(options.count)})`}`,
};

describe("runFullClientTest", () => {
  it("counts the passes, and a check that throws fails with its raw error while the others still run", async () => {
    const result = await runFullClientTest(context, [
      {
        test: "first",
        run: async () => ({ success: true, explanation: { key: "fine", ns: "clients" }, data: { n: 1 } }),
      },
      {
        test: "second",
        run: async () => {
          throw new Error("connection refused");
        },
      },
      {
        test: "third",
        run: async () => ({
          success: false,
          explanation: { key: "knowledgeBase.empty", ns: "clients", values: { count: 0 } },
        }),
      },
    ]);
    expect(result.summary).toEqual({ passed: 1, total: 3 });
    expect(
      result.tests.map(({ test, success, message, explanation, data }) => ({
        test,
        success,
        message,
        explanation,
        data,
      })),
    ).toEqual([
      {
        test: "first",
        success: true,
        message: "clients:fine",
        explanation: { key: "fine", ns: "clients" },
        data: { n: 1 },
      },
      {
        test: "second",
        success: false,
        message: "checks:explain.unexpected",
        explanation: { key: "explain.unexpected", raw: "connection refused" },
        data: null,
      },
      {
        test: "third",
        success: false,
        message: "clients:knowledgeBase.empty(0)",
        explanation: { key: "knowledgeBase.empty", ns: "clients", values: { count: 0 } },
        data: null,
      },
    ]);
    expect(result.details).toMatchObject({ clientId: 7, businessName: "Shop" });
  });

  it("keeps the list open: a registered check joins every later run, once", async () => {
    const before = registeredClientChecks().length;
    const check = { test: "external", run: async () => ({ success: true, explanation: { key: "ok" } }) };
    registerClientCheck(check);
    expect(registeredClientChecks().length).toBe(before + 1);
    expect(() => registerClientCheck(check)).toThrow();
  });

  it("builds the plugin of a client without writing anything", async () => {
    const plugin = registeredClientChecks().find((check) => check.test === "plugin_build")!;
    const outcome = await plugin.run(context);
    expect(outcome.success).toBe(true);
    expect((outcome.data as { bytes: number }).bytes).toBeGreaterThan(1000);
  });
});
