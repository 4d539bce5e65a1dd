import type { Route } from "./+types/clients";
import { clientListApiQuerySchema, newClientSchema } from "~/clients/client-schema.ts";
import { clientJson, MAX_CLIENT_BODY_BYTES } from "~/clients/clients.server.ts";
import { databaseContext } from "~/context.ts";
import { StatementTimeout } from "#db/connection.ts";
import { listClientsBounded } from "~/clients/clients-page.server.ts";
import { createClient } from "~/models/client.server.ts";
import {
  apiText,
  invalidInput,
  jsonAnswer,
  jsonError,
  methodNotAllowed,
  readApiBody,
} from "~/server/json-api.server.ts";

/** Every client (`?q=` and `?status=` narrow the list as the client list page does). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = clientListApiQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) return invalidInput(apiText(context, "clients"), parsed.error);
  const query = parsed.data;
  try {
    const clients = await listClientsBounded(context.get(databaseContext), {
      search: query.q || undefined,
      status: query.status === "all" ? undefined : query.status,
      withDemo: query.demo === "show",
    });
    return jsonAnswer(clients.map(clientJson));
  } catch (error) {
    if (!(error instanceof StatementTimeout)) throw error;
    return jsonError(503, apiText(context, "clients")("errors.searchTooSlow"), { headers: { "Retry-After": "1" } });
  }
}

/** A new client: 201 with the client, or 400 with `{ error, fields }`. */
export async function action({ request, context }: Route.ActionArgs) {
  const text = apiText(context, "clients");
  if (request.method !== "POST") return methodNotAllowed(text, "GET, POST");
  const body = await readApiBody(request, text, newClientSchema, { maxBytes: MAX_CLIENT_BODY_BYTES });
  if (!body.ok) return body.response;
  const client = await createClient(context.get(databaseContext), body.data);
  return jsonAnswer(clientJson(client), { status: 201, headers: { Location: `/api/clients/${client.id}` } });
}
