import { describe, expect, it } from "vitest";
import { frameAncestorSources, frameAncestorsDirective } from "./frame-ancestors.ts";

describe("frame-ancestors for a client's stored website domain", () => {
  it.each([
    [
      "shop.example",
      ["https://shop.example", "http://shop.example", "https://www.shop.example", "http://www.shop.example"],
    ],
    [
      "www.shop.example",
      ["https://shop.example", "http://shop.example", "https://www.shop.example", "http://www.shop.example"],
    ],
    [
      "  SHOP.Example.  ",
      ["https://shop.example", "http://shop.example", "https://www.shop.example", "http://www.shop.example"],
    ],
    ["https://shop.example/", ["https://shop.example", "https://www.shop.example"]],
    ["http://www.shop.example/about?x=1", ["http://shop.example", "http://www.shop.example"]],
    ["https://shop.example:8443", ["https://shop.example:8443", "https://www.shop.example:8443"]],
    [
      "shop.example:8080",
      [
        "https://shop.example:8080",
        "http://shop.example:8080",
        "https://www.shop.example:8080",
        "http://www.shop.example:8080",
      ],
    ],
    ["https://shop.example:443/", ["https://shop.example", "https://www.shop.example"]],
    ["http://127.0.0.1:8081", ["http://127.0.0.1:8081"]],
    ["localhost:3000", ["https://localhost:3000", "http://localhost:3000"]],
    [
      "חנות.example",
      [
        "https://xn--9dbd1a4b.example",
        "http://xn--9dbd1a4b.example",
        "https://www.xn--9dbd1a4b.example",
        "http://www.xn--9dbd1a4b.example",
      ],
    ],
  ])("%s", (stored, expected) => {
    expect(frameAncestorSources(stored)).toEqual(expected);
  });

  it.each([
    "",
    "   ",
    "ftp://shop.example",
    "javascript:alert(1)",
    "http://[::1]:8080",
    "shop example",
    "https://",
    "shop.example; script-src *",
    "*",
  ])("allows no one for %j", (stored) => {
    expect(frameAncestorSources(stored)).toEqual([]);
  });

  it("always allows our own pages, and nothing that could break out of the directive", () => {
    expect(frameAncestorsDirective("")).toBe("'self'");
    expect(frameAncestorsDirective("https://shop.example")).toBe(
      "'self' https://shop.example https://www.shop.example",
    );
    for (const hostile of ["a.example 'unsafe-inline'", "a.example;default-src *", "a.example,b.example"]) {
      expect(frameAncestorsDirective(hostile)).not.toMatch(/[;,']\s*(default|unsafe|b\.)/);
    }
  });
});

describe("frameAncestorsDirective with the client's list of sites", () => {
  it("adds each listed origin once after the website domain's", () => {
    expect(
      frameAncestorsDirective("https://shop.example", ["https://staging.shop.example", "https://shop.example"]),
    ).toBe("'self' https://shop.example https://www.shop.example https://staging.shop.example");
  });
});
