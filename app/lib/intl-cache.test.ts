import { describe, expect, it } from "vitest";
import { formatDateTime } from "./format.ts";
import { cached } from "./intl-cache.ts";

describe("cached", () => {
  it("makes a formatter once per key", () => {
    let made = 0;
    const make = () => {
      made += 1;
      return new Intl.NumberFormat("en");
    };
    const first = cached("test|en", make);
    expect(cached("test|en", make)).toBe(first);
    expect(cached("test|en-2", make)).not.toBe(first);
    expect(made).toBe(2);
  });

  it("keeps time zones apart: the same moment reads differently in two zones", () => {
    const moment = new Date("2026-03-01T22:30:00Z");
    expect(formatDateTime(moment, "en", "Asia/Jerusalem")).toBe("02/03/2026, 00:30");
    expect(formatDateTime(moment, "en", "UTC")).toBe("01/03/2026, 22:30");
    expect(formatDateTime(moment, "en", "Asia/Jerusalem")).toBe("02/03/2026, 00:30");
  });
});
