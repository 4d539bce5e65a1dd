import type { Route } from "./+types/sales-config";
import { NO_STORE, clientFromPath, methodNotAllowed, readValidBody } from "~/clients/config/api.server.ts";
import { salesConfigApiSchema } from "~/clients/config/sales-config-schema.ts";
import { salesConfigView, updateSalesConfig } from "~/clients/config/sales-config.server.ts";
import { databaseContext } from "~/context.ts";

/** The client's sales config; a client never saved gets the defaults. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const client = await clientFromPath(context, params.clientId);
  if (client instanceof Response) return client;
  return Response.json(await salesConfigView(context.get(databaseContext), client.id), { headers: NO_STORE });
}

export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "PUT") return methodNotAllowed(context, "GET, PUT");
  const client = await clientFromPath(context, params.clientId);
  if (client instanceof Response) return client;
  const body = await readValidBody(request, context, salesConfigApiSchema);
  if (!body.ok) return body.response;
  const db = context.get(databaseContext);
  await updateSalesConfig(db, client.id, body.data);
  return Response.json(await salesConfigView(db, client.id), { headers: NO_STORE });
}
