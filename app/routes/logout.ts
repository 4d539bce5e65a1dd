import { redirect } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { Route } from "./+types/logout";
import { destroyAuthSession } from "~/auth/session.server.ts";
import { databaseContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";

export function loader() {
  return redirect("/");
}

export async function action({ request, context }: Route.ActionArgs) {
  const cookie = await destroyAuthSession(context.get(databaseContext), request);
  return redirectWithSuccess("/login", getTranslator(context)("login.loggedOut"), {
    headers: { "Set-Cookie": cookie },
  });
}
