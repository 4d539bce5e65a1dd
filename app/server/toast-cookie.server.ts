import { getToast, setToastCookieOptions } from "remix-toast";
import { cookieNames } from "./cookie-names.ts";

const TOAST_COOKIE = "alex_toast";

/** The toast cookie is signed with the server's own secret: the library's default one is public. */
export function configureToastCookie(secret: string) {
  setToastCookieOptions({ name: TOAST_COOKIE, secrets: [secret] });
}

/**
 * The toast a redirect left for this request, and the header that clears its cookie. The library
 * signs a fresh cookie (an HMAC) even when there is nothing to show, so a request without the
 * cookie, nearly every one, never reaches it.
 */
export async function takeToast(request: Request) {
  return cookieNames(request).includes(TOAST_COOKIE) ? getToast(request) : { toast: undefined, headers: undefined };
}
