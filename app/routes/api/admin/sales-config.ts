import type { Route } from "./+types/sales-config";
import { requireClient } from "~/clients/clients.server.ts";
import { configText, readConfigBody } from "~/clients/config/api.server.ts";
import { salesConfigApiSchema } from "~/clients/config/sales-config-schema.ts";
import { salesConfigView, updateSalesConfig } from "~/clients/config/sales-config.server.ts";
import { databaseContext } from "~/context.ts";
import { jsonAnswer, methodNotAllowed } from "~/server/json-api.server.ts";

/** The client's sales config; a client never saved gets the defaults. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const client = await requireClient(context, params.clientId);
  return jsonAnswer(await salesConfigView(context.get(databaseContext), client.id));
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(configText(context), "GET, PUT");
  const client = await requireClient(context, params.clientId);
  const body = await readConfigBody(request, context, salesConfigApiSchema);
  if (!body.ok) return body.response;
  const db = context.get(databaseContext);
  await updateSalesConfig(db, client.id, body.data);
  return jsonAnswer(await salesConfigView(db, client.id));
}
