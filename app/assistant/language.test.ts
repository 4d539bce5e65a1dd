import { describe, expect, it } from "vitest";
import { detectLanguage } from "./language.ts";

describe("detectLanguage", () => {
  it("follows the script most letters are written in", () => {
    expect(detectLanguage("כמה עולה המנוי?", "en")).toBe("he");
    expect(detectLanguage("How much is it?", "he")).toBe("en");
    expect(detectLanguage("יש לכם WordPress plugin?", "en")).toBe("he");
    expect(detectLanguage("Is the תוסף free to install?", "he")).toBe("en");
  });

  it("keeps the conversation's language when the message has no letters", () => {
    expect(detectLanguage("050-1234567", "he")).toBe("he");
    expect(detectLanguage("?", "en")).toBe("en");
  });
});
