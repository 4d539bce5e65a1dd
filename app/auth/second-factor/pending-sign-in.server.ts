import { z } from "zod";
import { signedCookie } from "~/auth/session.server.ts";

/**
 * Between the password and the code: who gave the right password, where they were going, and until
 * when. Signed with SESSION_SECRET, so it cannot be made or changed in the browser; it opens nothing
 * by itself (the code is still asked), and it is sent to the sign-in pages only.
 */
export const PENDING_SIGN_IN_MS = 5 * 60 * 1000;
const COOKIE_NAME = "alex_second_step";

const pendingSchema = z.object({
  operatorId: z.number().int().positive(),
  redirectTo: z.string(),
  expiresAt: z.number(),
});

export type PendingSignIn = z.infer<typeof pendingSchema>;

const cookieOf = (request: Request) => ({
  cookie: signedCookie(COOKIE_NAME, { httpOnly: true, sameSite: "lax", path: "/login" }),
  secure: new URL(request.url).protocol === "https:",
});

export async function startPendingSignIn(
  request: Request,
  input: { operatorId: number; redirectTo: string },
  now = new Date(),
): Promise<string> {
  const { cookie, secure } = cookieOf(request);
  const value: PendingSignIn = { ...input, expiresAt: now.getTime() + PENDING_SIGN_IN_MS };
  return cookie.serialize(value, { maxAge: PENDING_SIGN_IN_MS / 1000, secure });
}

/** The pending sign-in of the request, or null when there is none, it was altered, or its 5 minutes are over. */
export async function readPendingSignIn(request: Request, now = new Date()): Promise<PendingSignIn | null> {
  const header = request.headers.get("Cookie");
  if (!header?.includes(`${COOKIE_NAME}=`)) return null;
  const parsed = pendingSchema.safeParse(
    await cookieOf(request)
      .cookie.parse(header)
      .catch(() => null),
  );
  if (!parsed.success || parsed.data.expiresAt <= now.getTime()) return null;
  return parsed.data;
}

export async function endPendingSignIn(request: Request): Promise<string> {
  const { cookie, secure } = cookieOf(request);
  return cookie.serialize("", { maxAge: 0, expires: new Date(0), secure });
}
