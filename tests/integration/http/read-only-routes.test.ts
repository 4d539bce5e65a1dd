import { describe, expect, it } from "vitest";
import { loginAsOperator, request } from "../../support/http.ts";

/** Found by the hostile suite: a post to a read-only resource route answered 405 with "Unexpected Server Error". */
describe("read-only resource routes", () => {
  it.each([
    "/healthz",
    "/api/wordpress/chat-ui",
    "/api/stats",
    "/api/completed-functions",
    "/api/completed-functions/stats",
    "/api/download/plugin",
    "/admin/leads/export/contact-leads",
  ])("POST %s answers 405 with Allow and a JSON error in the caller's language", async (path) => {
    const cookie = await loginAsOperator();
    const response = await request(`${path}?lng=en`, {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams({ a: "1" }),
    });
    expect(response.status).toBe(405);
    expect(response.headers.get("Allow")).toBe("GET, HEAD");
    expect(await response.json()).toEqual({ error: "This method is not allowed here." });
  });
});
