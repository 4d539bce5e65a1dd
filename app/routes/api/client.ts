import type { Route } from "./+types/client";
import { clientUpdateSchema } from "~/clients/client-schema.ts";
import { clientChanges, clientJson, MAX_CLIENT_BODY_BYTES, requireClient } from "~/clients/clients.server.ts";
import { databaseContext, operatorContext } from "~/context.ts";
import { updateClient } from "~/models/client.server.ts";
import { apiText, jsonAnswer, methodNotAllowed, notFound, readApiBody } from "~/server/json-api.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  return jsonAnswer(clientJson(await requireClient(context, params.clientId)));
}

/** A status alone or the whole client; a status change joins the audit trail. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const text = apiText(context, "clients");
  if (request.method !== "PUT") return methodNotAllowed(text, "GET, PUT");
  const { id } = await requireClient(context, params.clientId);
  const body = await readApiBody(request, text, clientUpdateSchema, { maxBytes: MAX_CLIENT_BODY_BYTES });
  if (!body.ok) return body.response;
  const client = await updateClient(
    context.get(databaseContext),
    id,
    clientChanges(body.data),
    context.get(operatorContext).id,
  );
  // Deleted between the two queries.
  if (!client) return notFound(text, "api.clientNotFound");
  return jsonAnswer(clientJson(client));
}
