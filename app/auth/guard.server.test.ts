import { describe, expect, it } from "vitest";
import { safeRedirectPath } from "./guard.server.ts";

describe("safeRedirectPath", () => {
  it.each(["/admin/dashboard", "/admin/clients?q=a#b", "/"])("keeps the same-site path %s", (path) => {
    expect(safeRedirectPath(path)).toBe(path);
  });

  it.each([null, undefined, "", "admin", "//evil.example", "https://evil.example/", "/\\evil.example", 42])(
    "falls back for %s",
    (target) => {
      expect(safeRedirectPath(target)).toBe("/admin/dashboard");
    },
  );
});
