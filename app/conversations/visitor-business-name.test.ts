import { describe, expect, it } from "vitest";
import { visitorBusinessName } from "./visitor-business-name.ts";

describe("visitorBusinessName", () => {
  it("is the business's own name, and the product's for the public demo's client", () => {
    expect(visitorBusinessName({ businessName: "חנות המבחן", isDemo: false }, "Alex")).toBe("חנות המבחן");
    expect(visitorBusinessName({ businessName: "Alex AI (public demo)", isDemo: true }, "Alex")).toBe("Alex");
  });
});
