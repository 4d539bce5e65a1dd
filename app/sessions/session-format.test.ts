import { describe, expect, it } from "vitest";
import { formatDuration, formatSessionTime } from "./session-format.ts";

describe("formatDuration", () => {
  it("shows the largest two units", () => {
    expect(formatDuration(45, "en")).toBe("45 sec");
    expect(formatDuration(200, "en")).toBe("3 min 20 sec");
    expect(formatDuration(3900, "en")).toBe("1 hr 5 min");
    expect(formatDuration(7200, "en")).toBe("2 hr");
    expect(formatDuration(0, "en")).toBe("0 sec");
  });

  it("speaks Hebrew in Hebrew", () => {
    expect(formatDuration(200, "he")).toMatch(/3.*דק.*20.*שנ/);
  });
});

describe("formatSessionTime", () => {
  it("shows the moment in the operator's time zone", () => {
    // 22:30 UTC on 28 March 2026 is already 1:30 on Sunday in Jerusalem (summer time since the 27th).
    expect(formatSessionTime("2026-03-28T22:30:00.000Z", "en", "Asia/Jerusalem")).toBe("Mar 29, 2026, 1:30 AM");
  });
});
