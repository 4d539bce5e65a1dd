import { describe, expect, it } from "vitest";
import { languageFor, languageInCookieHeader } from "./language-rule.ts";
import { languageCookie } from "./middleware.server.ts";

describe("languageFor", () => {
  it.each([
    ["/", [], "he"],
    ["/contact", [undefined, null], "he"],
    ["/admin/clients", [], "en"],
    ["/api/clients", [], "en"],
    ["/login", [], "en"],
    ["/account", [], "en"],
    ["/forgot-password", [], "en"],
    ["/reset-password/abc", [], "en"],
    ["/reset-password/abc", ["he"], "he"],
    ["/accounting", [], "he"],
    ["/api/wordpress/messages", [], "he"],
    ["/api/investment-inquiry", [], "he"],
    ["/", ["en"], "en"],
    ["/admin/billing.data", ["he"], "he"],
    ["/", ["fr", "en"], "en"],
    ["/admin", ["xx", undefined], "en"],
    ["/invest-en", ["he"], "en"],
    ["/invest-he/", ["en"], "he"],
    ["/invest-he.data", ["en"], "he"],
  ] as const)("answers %s with choices %j in %s", (pathname, choices, expected) => {
    expect(languageFor(pathname, ...choices)).toBe(expected);
  });
});

describe("languageInCookieHeader", () => {
  it.each(["he", "en"])("reads the %s cookie exactly as the pages write it", async (language) => {
    const setCookie = await languageCookie.serialize(language);
    const cookieHeader = `theme=dark; ${setCookie.split(";")[0]}; other=1`;
    expect(languageInCookieHeader(cookieHeader)).toBe(language);
  });

  it.each([undefined, "", "lng=", "lng=en", "lng=%%%", "xlng=ImVuIg%3D%3D", "lng=MTI%3D"])(
    "reads %j as no choice or a non-language",
    (header) => {
      const value = languageInCookieHeader(header);
      expect(value === undefined || value === "12" || value === "en").toBe(true);
      if (header !== "lng=en") expect(value === "en").toBe(false);
    },
  );
});
