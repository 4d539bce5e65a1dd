import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./guard.server.ts";

describe("safeRedirectPath", () => {
  it.each(["/admin/dashboard", "/admin/clients?q=a#b", "/"])("keeps the same-site path %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    ["/%5C%5Cevil.example", "/%5C%5Cevil.example"],
    ["/%09/evil.example", "/%09/evil.example"],
    ["/admin/./clients/../dashboard", "/admin/dashboard"],
    ["/admin/%2e%2e/admin/clients", "/admin/clients"],
  ])("keeps %s on this site, as %s (encoded slashes, backslashes and tabs stay one path segment)", (target, path) => {
    expect(safeRedirectPath(target)).toBe(path);
    expect(new URL(path, "https://alex.example").host).toBe("alex.example");
  });

  it("percent-encodes what a Location header cannot carry", () => {
    expect(safeRedirectPath("/admin/לקוחות?q=דנה")).toBe(
      "/admin/%D7%9C%D7%A7%D7%95%D7%97%D7%95%D7%AA?q=%D7%93%D7%A0%D7%94",
    );
  });

  it.each([
    null,
    undefined,
    "",
    "admin",
    "//evil.example",
    "https://evil.example/",
    "/\\evil.example",
    "/\t/evil.example",
    "/\n/evil.example",
    "/admin\r\nSet-Cookie: x=1",
    "/\u0000/evil.example",
    "/.//evil.example",
    "/..//evil.example",
    "/./..//evil.example",
    "/admin/../..//evil.example",
    "/%2e//evil.example",
    "/%2E%2E//evil.example",
    "/.%2e//evil.example",
    "/%2e/%2e%2e//evil.example",
    "/./\\evil.example",
    "/.\t//evil.example",
    "/\t.//evil.example",
    42,
  ])("falls back for %s", (target) => {
    expect(safeRedirectPath(target)).toBe("/admin/dashboard");
  });
});
