import type { Route } from "./+types/not-found";
import { getTranslator } from "~/i18n/middleware.server.ts";

function notFound({ context }: Route.LoaderArgs | Route.ActionArgs) {
  return Response.json({ error: getTranslator(context)("api.notFound") }, { status: 404 });
}

export const loader = notFound;
export const action = notFound;
