import { describe, expect, it } from "vitest";
import { cookieNames } from "./cookie-names.ts";

const withCookie = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie } });

describe("cookieNames", () => {
  it("names each cookie once it is trimmed, whatever its value holds", () => {
    expect(cookieNames(withCookie("lng=he; alex_toast=a%3Db=c;  __session=x=y"))).toEqual([
      "lng",
      "alex_toast",
      "__session",
    ]);
  });

  it("names nothing for a request without cookies, or with only separators", () => {
    expect(cookieNames(new Request("http://localhost/"))).toEqual([]);
    expect(cookieNames(withCookie(" ; ;"))).toEqual([]);
  });

  it("does not mistake a name that only starts like another for it", () => {
    expect(cookieNames(withCookie("alex_toasted=1"))).toEqual(["alex_toasted"]);
  });
});
