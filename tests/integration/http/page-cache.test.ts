import { describe, expect, it } from "vitest";
import { languageCookie, loginAsOperator, request } from "../../support/http.ts";

const cacheOf = async (path: string, init: RequestInit = {}) => {
  const response = await request(path, init);
  await response.arrayBuffer();
  return response.headers.get("X-Page-Cache");
};

describe("pages served from the page cache", () => {
  it.each(["/", "/invest-en", "/invest-he"])(
    "serves %s rendered once, and says so, with or without a language cookie",
    async (path) => {
      await cacheOf(path);
      expect(await cacheOf(path)).toBe("hit");
      const english = { headers: { Cookie: await languageCookie("en") } };
      await cacheOf(path, english);
      expect(await cacheOf(path, english)).toBe("hit");
    },
  );

  it("renders the investor page afresh after a form was sent, and for a signed-in operator", async () => {
    expect(await cacheOf("/invest-en?inquiry=sent")).toBeNull();
    expect(await cacheOf("/invest-he", { headers: { Cookie: await loginAsOperator() } })).toBeNull();
  });

  it("never marks a page that is not cached", async () => {
    expect(await cacheOf("/no-such-page")).toBeNull();
    expect(await cacheOf("/login")).toBeNull();
  });
});
