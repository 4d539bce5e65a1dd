import type { Route } from "./+types/clients";
import { clientListQuerySchema, newClientSchema } from "~/clients/client-schema.ts";
import { clientJson, MAX_CLIENT_BODY_BYTES } from "~/clients/clients.server.ts";
import { databaseContext } from "~/context.ts";
import { createClient, listClients } from "~/models/client.server.ts";
import { apiText, jsonAnswer, methodNotAllowed, readApiBody } from "~/server/json-api.server.ts";

/** Spec §7: every client (`?q=` and `?status=` narrow the list as the client list page does). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const query = clientListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const clients = await listClients(context.get(databaseContext), {
    search: query.q || undefined,
    status: query.status === "all" ? undefined : query.status,
    withDemo: query.demo === "show",
  });
  return jsonAnswer(clients.map(clientJson));
}

/** Spec §5 "New client": 201 with the client, or 400 with `{ error, fields }`. */
export async function action({ request, context }: Route.ActionArgs) {
  const text = apiText(context, "clients");
  if (request.method !== "POST") return methodNotAllowed(text, "GET, POST");
  const body = await readApiBody(request, text, newClientSchema, { maxBytes: MAX_CLIENT_BODY_BYTES });
  if (!body.ok) return body.response;
  const client = await createClient(context.get(databaseContext), body.data);
  return jsonAnswer(clientJson(client), { status: 201, headers: { Location: `/api/clients/${client.id}` } });
}
