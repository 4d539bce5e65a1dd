import type { Route } from "./+types/client-training";
import { NO_STORE, clientFromPath, configTranslator, jsonError, methodNotAllowed, readValidBody } from "~/clients/config/api.server.ts";
import { databaseContext } from "~/context.ts";
import { findTrainingConfig } from "~/models/training-config.server.ts";
import { trainingApiSchema, trainingApiUpdateSchema } from "~/training/training-schema.ts";
import { changedTrainingFields, createTraining, trainingView, updateTraining } from "~/training/training.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const client = await clientFromPath(context, params.clientId);
  if (client instanceof Response) return client;
  const config = await findTrainingConfig(context.get(databaseContext), client.id);
  if (!config) return jsonError(404, configTranslator(context)("api.trainingNotFound"));
  return Response.json(trainingView(config), { headers: NO_STORE });
}

/** POST creates (409 when the client has one), PUT updates (404 when it has none). */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST" && request.method !== "PUT") return methodNotAllowed(context, "GET, POST, PUT");
  const client = await clientFromPath(context, params.clientId);
  if (client instanceof Response) return client;
  const db = context.get(databaseContext);
  const t = configTranslator(context);
  if (request.method === "POST") {
    const body = await readValidBody(request, context, trainingApiSchema);
    if (!body.ok) return body.response;
    const created = await createTraining(db, client.id, body.data);
    if (!created) return jsonError(409, t("api.trainingExists"));
    return Response.json(trainingView(created), { status: 201, headers: NO_STORE });
  }
  const body = await readValidBody(request, context, trainingApiUpdateSchema);
  if (!body.ok) return body.response;
  const stored = await findTrainingConfig(db, client.id);
  if (!stored) return jsonError(404, t("api.trainingNotFound"));
  const changes = changedTrainingFields(stored, body.data);
  const updated = Object.keys(changes).length > 0 ? await updateTraining(db, client.id, changes) : stored;
  if (!updated) return jsonError(404, t("api.trainingNotFound"));
  return Response.json(trainingView(updated), { headers: NO_STORE });
}
