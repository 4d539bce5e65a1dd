import type { Route } from "./+types/clients";
import { clientListApiQuerySchema, newClientSchema } from "~/clients/client-schema.ts";
import { clientJson, jsonError, NO_STORE, readClientBody } from "~/clients/clients.server.ts";
import { databaseContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { createClient, listClients } from "~/models/client.server.ts";

/** Every client (`?q=` and `?status=` narrow the list as the client list page does). */
export async function loader({ url, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const parsed = clientListApiQuerySchema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) {
    const fields = Object.fromEntries(parsed.error.issues.map((issue) => [String(issue.path[0]), t(issue.message, { ns: "clients" })]));
    return jsonError(t, "api.invalid", 400, fields);
  }
  const query = parsed.data;
  const clients = await listClients(context.get(databaseContext), {
    search: query.q || undefined,
    status: query.status === "all" ? undefined : query.status,
    withDemo: query.demo === "show",
  });
  return Response.json(clients.map(clientJson), { headers: NO_STORE });
}

/** A new client: 201 with the client, or 400 with `{ error, fields }`. */
export async function action({ request, context }: Route.ActionArgs) {
  const t = getTranslator(context);
  if (request.method !== "POST") return methodNotAllowed(t);
  const body = await readClientBody(request, newClientSchema, t);
  if (!body.ok) return body.response;
  const client = await createClient(context.get(databaseContext), body.value);
  return Response.json(clientJson(client), { status: 201, headers: { ...NO_STORE, Location: `/api/clients/${client.id}` } });
}

function methodNotAllowed(t: ReturnType<typeof getTranslator>) {
  const response = jsonError(t, "api.methodNotAllowed", 405);
  response.headers.set("Allow", "GET, POST");
  return response;
}
