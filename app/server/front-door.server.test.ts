import { describe, expect, it } from "vitest";
import { BODY_CLASSES, bodyClassOf, holdsNulByte, isAbsurdPath } from "./front-door.server.ts";

describe("isAbsurdPath", () => {
  it.each(["/", "/admin/leads", `${"/a".repeat(50)}`, `/${"x".repeat(2000)}`])("lets %s through", (path) => {
    expect(isAbsurdPath(path)).toBe(false);
  });

  it.each([
    `${"/a".repeat(51)}`,
    `/${"x".repeat(2048)}`,
    "http://evil.example/",
    "*",
    "",
    "/a%0Ab",
    "/a%0db",
    "/api/a%E2%80%A8b",
    "/a%e2%80%a9",
  ])("refuses %s", (path) => {
    expect(isAbsurdPath(path)).toBe(true);
  });
});

describe("bodyClassOf", () => {
  it("classes a path by its prefix, data requests with their page", () => {
    expect(bodyClassOf("/contact")).toBe(BODY_CLASSES.publicForm);
    expect(bodyClassOf("/login.data")).toBe(BODY_CLASSES.publicForm);
    expect(bodyClassOf("/administrator")).toBe(BODY_CLASSES.publicForm);
    expect(bodyClassOf("/admin/a-route-added-tomorrow.data")).toBe(BODY_CLASSES.operatorForm);
    expect(bodyClassOf("/api/anything")).toBe(BODY_CLASSES.api);
  });
});

describe("holdsNulByte", () => {
  it.each(["/admin/clients?q=%00", "/api/wordpress/chat-ui?license=alex_%00", "/x%00/y", "/?a=1&b=%00%00"])(
    "finds the NUL in %s",
    (target) => {
      expect(holdsNulByte(target)).toBe(true);
    },
  );

  it.each(["/admin/clients?q=100", "/api/clients?q=%2500", "/?q=%20%30", "/"])("lets %s through", (target) => {
    expect(holdsNulByte(target)).toBe(false);
  });
});
