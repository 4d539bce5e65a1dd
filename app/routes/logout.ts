import { redirect } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { Route } from "./+types/logout";
import { destroyAuthSession } from "~/auth/session.server.ts";
import { databaseContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { endLiveStreamsOf } from "~/live/live-stream.server.ts";
import { isCrossSiteRequest } from "~/server/same-origin.server.ts";

export function loader() {
  return redirect("/");
}

/** Only a page of this site may log its operator out: another site's form gets 403 and the session lives on. */
export async function action({ request, context }: Route.ActionArgs) {
  if (isCrossSiteRequest(request)) {
    return new Response(getTranslator(context)("auth.crossSite"), {
      status: 403,
      headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
    });
  }
  const { cookie, sessionId } = await destroyAuthSession(context.get(databaseContext), request);
  // Its open live streams end now, in this process; another app server's end at their next heartbeat.
  if (sessionId) endLiveStreamsOf(sessionId);
  return redirectWithSuccess("/login", getTranslator(context)("login.loggedOut"), {
    headers: { "Set-Cookie": cookie },
  });
}
