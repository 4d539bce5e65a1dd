import { describe, expect, it } from "vitest";
import { can, permissionFor } from "./permissions.ts";

describe("the permission table", () => {
  it("reads React Router's patterns with or without the leading slash, reads and posts apart", () => {
    expect(permissionFor("admin/clients", "GET")).toBe("clients.view");
    expect(permissionFor("/admin/clients", "POST")).toBe("clients.manage");
    expect(permissionFor("admin/billing", "HEAD")).toBe("billing.manage");
    expect(permissionFor("account", "GET")).toBe("account.self");
    expect(permissionFor("/account", "POST")).toBe("account.self");
  });

  it("knows nothing of a route it does not list", () => {
    expect(permissionFor("admin/unlisted-page", "GET")).toBeNull();
  });

  it("gives an owner everything, an admin all but the team, an agent the conversations but not the money", () => {
    expect(can("owner", "team.manage")).toBe(true);
    expect(can("admin", "team.manage")).toBe(false);
    expect(can("admin", "billing.manage")).toBe(true);
    expect(can("agent", "conversations.reply")).toBe(true);
    expect(can("agent", "training.edit")).toBe(true);
    expect(can("agent", "billing.manage")).toBe(false);
    expect(can("agent", "clients.manage")).toBe(false);
    expect(can("agent", "visitorData.export")).toBe(false);
  });
});
