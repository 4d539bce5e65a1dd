import { describe, expect, it } from "vitest";
import { cleanText, multiLineText, singleLineText } from "./text.ts";

describe("cleanText", () => {
  it("drops NUL, other controls and bidi overrides, and keeps Hebrew with its marks", () => {
    expect(cleanText("Da\u0000na\u0007 \u202Egnp.exe")).toBe("Dana gnp.exe");
    expect(cleanText("דנה \u200Fכהן\u0085")).toBe("דנה \u200Fכהן");
  });

  it("puts a single-line value on one line, and keeps a textarea's lines", () => {
    expect(cleanText("a\r\nb\tc")).toBe("a b c");
    expect(cleanText("a\r\nb\rc\n\td", { multiline: true })).toBe("a\nb\nc\n\td");
  });

  it("replaces a lone surrogate, which no database would store", () => {
    expect(cleanText("x\uD800y")).toBe("x\uFFFDy");
  });
});

describe("the text schemas", () => {
  it("clean before they check, so the limits count what is stored", () => {
    const name = singleLineText().trim().min(1).max(3);
    expect(name.safeParse("\u0000\u0000abc\u0000 ").data).toBe("abc");
    expect(name.safeParse("\u0000").success).toBe(false);
    expect(multiLineText().parse("line\u0000\nline")).toBe("line\nline");
  });
});
