import type { Route } from "./+types/client";
import { clientIdSchema, clientUpdateSchema } from "~/clients/client-schema.ts";
import { clientChanges, clientJson, jsonError, NO_STORE, readClientBody } from "~/clients/clients.server.ts";
import { databaseContext, operatorContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { findClientById, updateClient } from "~/models/client.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const id = clientIdSchema.safeParse(params.clientId);
  const client = id.success ? await findClientById(context.get(databaseContext), id.data) : undefined;
  if (!client) return jsonError(getTranslator(context), "api.notFound", 404);
  return Response.json(clientJson(client), { headers: NO_STORE });
}

/** A status alone or the whole client; a status change joins the audit trail. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getTranslator(context);
  if (request.method !== "PUT") {
    const response = jsonError(t, "api.methodNotAllowed", 405);
    response.headers.set("Allow", "GET, PUT");
    return response;
  }
  const db = context.get(databaseContext);
  const id = clientIdSchema.safeParse(params.clientId);
  if (!id.success || !(await findClientById(db, id.data))) return jsonError(t, "api.notFound", 404);
  const body = await readClientBody(request, clientUpdateSchema, t);
  if (!body.ok) return body.response;
  const client = await updateClient(db, id.data, clientChanges(body.value), context.get(operatorContext).id);
  if (!client) return jsonError(t, "api.notFound", 404);
  return Response.json(clientJson(client), { headers: NO_STORE });
}
