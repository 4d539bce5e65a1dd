import { describe, expect, it } from "vitest";
import { formatDuration } from "./session-format.ts";

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
