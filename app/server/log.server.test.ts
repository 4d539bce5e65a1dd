import { afterEach, describe, expect, it, vi } from "vitest";
import { configureLogging, logError } from "./log.server.ts";

afterEach(() => {
  configureLogging({ level: "silent" });
  vi.restoreAllMocks();
});

describe("logError", () => {
  it("logs a failed query's statement and reason, never the values a visitor submitted", () => {
    const written: string[] = [];
    vi.spyOn(process.stderr, "write").mockImplementation((chunk) => written.push(String(chunk)) > 0);
    configureLogging({ level: "info" });
    const cause = new Error('invalid byte sequence for encoding "UTF8": 0x00');
    const failed = Object.assign(
      new Error(
        'Failed query: insert into "contact_leads" ("full_name", "email") values ($1, $2)\nparams: Dana Cohen,dana@example.com',
        { cause },
      ),
      {
        query: 'insert into "contact_leads" ("full_name", "email") values ($1, $2)',
        params: ["Dana Cohen", "dana@example.com"],
      },
    );
    logError(failed, { url: "http://127.0.0.1/contact" });
    const line = written.join("");
    expect(line).toContain("contact_leads");
    expect(line).toContain("0x00");
    expect(line).not.toContain("Dana");
    expect(line).not.toContain("dana@example.com");
  });
});
