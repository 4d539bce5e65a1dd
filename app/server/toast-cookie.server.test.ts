import { redirectWithSuccess } from "remix-toast";
import { describe, expect, it } from "vitest";
import { configureToastCookie, takeToast } from "./toast-cookie.server.ts";

configureToastCookie("a-secret-of-at-least-thirty-two-characters");

const withCookie = (cookie: string) => new Request("http://localhost/", { headers: { Cookie: cookie } });

describe("takeToast", () => {
  it("reads the toast a redirect left, and clears its cookie", async () => {
    const redirect = await redirectWithSuccess("/", "Saved.");
    const cookie = redirect.headers.get("Set-Cookie")!.split(";")[0]!;
    expect(cookie).toMatch(/^alex_toast=/);

    const { toast, headers } = await takeToast(withCookie(`lng=he; ${cookie}`));
    expect(toast).toMatchObject({ message: "Saved.", type: "success" });
    expect(headers?.get("Set-Cookie")).toMatch(/^alex_toast=/);
  });

  it("has nothing to show and sets no cookie without one", async () => {
    expect(await takeToast(new Request("http://localhost/"))).toEqual({ toast: undefined, headers: undefined });
    expect(await takeToast(withCookie("lng=en; alex_toasted=1"))).toEqual({ toast: undefined, headers: undefined });
  });

  it("refuses a toast signed with another secret", async () => {
    configureToastCookie("another-secret-of-at-least-thirty-two-chars");
    const forged = (await redirectWithSuccess("/", "Forged.")).headers.get("Set-Cookie")!.split(";")[0]!;
    configureToastCookie("a-secret-of-at-least-thirty-two-characters");
    expect((await takeToast(withCookie(forged))).toast).toBeUndefined();
  });
});
