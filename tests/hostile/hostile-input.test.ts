import { describe, expect, it } from "vitest";
import { percentEncode } from "./hostile-input.ts";

describe("percentEncode", () => {
  it("keeps the unreserved characters and encodes every other UTF-8 byte in capitals", () => {
    expect(percentEncode("Az09-._~ /?&=%+!*'()")).toBe("Az09-._~%20%2F%3F%26%3D%25%2B%21%2A%27%28%29");
    expect(percentEncode("ש😀\u0000\u202e")).toBe("%D7%A9%F0%9F%98%80%00%E2%80%AE");
  });

  it("sends a lone surrogate as U+FFFD, as a browser does", () => {
    expect(percentEncode("a\ud800b\udc00")).toBe("a%EF%BF%BDb%EF%BF%BD");
  });

  it("keeps what the caller's pattern allows, without mixing up two patterns", () => {
    expect(percentEncode("/a b/", /[a-z/]/)).toBe("/a%20b/");
    expect(percentEncode("/a b/")).toBe("%2Fa%20b%2F");
  });

  it("agrees with encodeURIComponent on every character it encodes alike", () => {
    const text = Array.from({ length: 0x800 }, (_, code) => String.fromCharCode(code)).join("");
    const expected = encodeURIComponent(text).replace(
      /[!'()*]/g,
      (character) => `%${character.charCodeAt(0).toString(16).toUpperCase()}`,
    );
    expect(percentEncode(text)).toBe(expected);
  });
});
