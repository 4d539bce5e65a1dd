import { describe, expect, it } from "vitest";
import { explanationText, readExplanation, readStoredExplanation } from "./explanation.ts";

const dictionary: Record<string, Record<string, string>> = {
  checks: { "explain.answeredHttp": "http, because: {{reason}}", "explain.httpOnly": "http only." },
  clients: { "fullTest.license.inactive": "The client is {{status}}.", "status.suspended": "suspended" },
};
const t = (key: string, options?: Record<string, unknown>) =>
  (dictionary[String(options?.ns)]?.[key] ?? key).replace(/\{\{(\w+)\}\}/g, (_, name: string) =>
    String(options?.[name]),
  );

describe("explanationText", () => {
  it("translates the key in its namespace, and values that are keys themselves", () => {
    expect(explanationText(t, { key: "explain.answeredHttp", values: { reason: { key: "explain.httpOnly" } } })).toBe(
      "http, because: http only.",
    );
    expect(
      explanationText(t, {
        key: "fullTest.license.inactive",
        ns: "clients",
        values: { status: { key: "status.suspended" } },
      }),
    ).toBe("The client is suspended.");
  });
});

describe("readStoredExplanation", () => {
  it("reads what a check stored, and nothing from a row written before explanations (old rows keep their text)", () => {
    expect(
      readStoredExplanation({
        error: { key: "explain.refused", raw: "connect ECONNREFUSED" },
        notice: { key: "explain.neitherAnswered" },
      }),
    ).toEqual({
      error: { key: "explain.refused", raw: "connect ECONNREFUSED" },
      notice: { key: "explain.neitherAnswered" },
    });
    expect(readStoredExplanation(null)).toEqual({});
    expect(readExplanation("Could not connect (ECONNREFUSED).")).toBeUndefined();
    expect(readExplanation({ key: "x", values: { bad: [1] } })).toBeUndefined();
  });
});
