import { describe, expect, it } from "vitest";
import { clientSiteOrigins, isClientSite, normalizeSiteOrigin, siteOriginLines } from "./site-origins.ts";

describe("a client's sites", () => {
  it("are named by their origin whatever form the operator typed", () => {
    expect(normalizeSiteOrigin("staging.shop.example")).toBe("https://staging.shop.example");
    expect(normalizeSiteOrigin(" HTTPS://WWW.Shop.Example/about?x=1 ")).toBe("https://www.shop.example");
    expect(normalizeSiteOrigin("http://127.0.0.1:8080/")).toBe("http://127.0.0.1:8080");
    expect(normalizeSiteOrigin("https://shop.example:443")).toBe("https://shop.example");
    expect(normalizeSiteOrigin("shop.example.")).toBe("https://shop.example");
    expect(normalizeSiteOrigin("xn--4dbrk0ce.example")).toBe("https://xn--4dbrk0ce.example");
  });

  it("refuse what a CSP cannot name or a browser never sends", () => {
    for (const bad of [
      "",
      "*.shop.example",
      "ftp://shop.example",
      "javascript:alert(1)",
      "https://user:pw@shop.example",
      "shop example",
      "https://[::1]:8080",
      "https://-shop.example",
      "https://shop..example",
      "'self'",
      "https://shop.example;script-src *",
    ]) {
      expect(normalizeSiteOrigin(bad), bad).toBeUndefined();
    }
  });

  it("read the settings form's list line by line, repeats and blank lines left out", () => {
    expect(
      siteOriginLines("shop.example\r\n\n https://shop.example/ \nnot a site\nhttp://staging.shop.example"),
    ).toEqual([
      { line: "shop.example", origin: "https://shop.example" },
      { line: "not a site", origin: undefined },
      { line: "http://staging.shop.example", origin: "http://staging.shop.example" },
    ]);
  });

  it("are the website domain with its www. twin, then the list", () => {
    expect(clientSiteOrigins("shop.example", ["https://staging.shop.example"])).toEqual([
      "https://shop.example",
      "http://shop.example",
      "https://www.shop.example",
      "http://www.shop.example",
      "https://staging.shop.example",
    ]);
    expect(isClientSite("https://www.shop.example", "shop.example", [])).toBe(true);
    expect(isClientSite("https://staging.shop.example", "shop.example", ["https://staging.shop.example"])).toBe(true);
    expect(isClientSite("http://staging.shop.example", "shop.example", ["https://staging.shop.example"])).toBe(false);
    expect(isClientSite("https://shop.example.evil.example", "shop.example", [])).toBe(false);
    expect(isClientSite("null", "shop.example", [])).toBe(false);
  });
});
