import { describe, expect, it } from "vitest";
import { scriptSafeJson } from "./chat-page.tsx";

describe("JSON inside a script element", () => {
  it("cannot close the element, open a comment or break a line", () => {
    const hostile = { greeting: "</script><script>alert(1)</script><!-- & \u2028\u2029" };
    const text = scriptSafeJson(hostile);
    expect(text).not.toMatch(/[<>&\u2028\u2029]/);
    expect(JSON.parse(text)).toEqual(hostile);
  });
});
