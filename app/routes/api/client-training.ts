import type { Route } from "./+types/client-training";
import { requireClient } from "~/clients/clients.server.ts";
import { configText, readConfigBody } from "~/clients/config/api.server.ts";
import { databaseContext } from "~/context.ts";
import { findTrainingConfig } from "~/models/training-config.server.ts";
import { jsonAnswer, jsonError, methodNotAllowed, notFound } from "~/server/json-api.server.ts";
import { trainingApiSchema, trainingApiUpdateSchema } from "~/training/training-schema.ts";
import { changedTrainingFields, createTraining, trainingView, updateTraining } from "~/training/training.server.ts";

export async function loader({ params, context }: Route.LoaderArgs) {
  const client = await requireClient(context, params.clientId);
  const config = await findTrainingConfig(context.get(databaseContext), client.id);
  if (!config) return notFound(configText(context), "api.trainingNotFound");
  return jsonAnswer(trainingView(config));
}

/** POST creates (409 when the client has one), PUT updates (404 when it has none). */
export async function action({ request, params, context }: Route.ActionArgs) {
  const text = configText(context);
  if (request.method !== "POST" && request.method !== "PUT") return methodNotAllowed(text, "GET, POST, PUT");
  const client = await requireClient(context, params.clientId);
  const db = context.get(databaseContext);
  if (request.method === "POST") {
    const body = await readConfigBody(request, context, trainingApiSchema);
    if (!body.ok) return body.response;
    const created = await createTraining(db, client.id, body.data);
    if (!created) return jsonError(409, text("api.trainingExists"));
    return jsonAnswer(trainingView(created), { status: 201 });
  }
  const body = await readConfigBody(request, context, trainingApiUpdateSchema);
  if (!body.ok) return body.response;
  const stored = await findTrainingConfig(db, client.id);
  if (!stored) return notFound(text, "api.trainingNotFound");
  const changes = changedTrainingFields(stored, body.data);
  const updated = Object.keys(changes).length > 0 ? await updateTraining(db, client.id, changes) : stored;
  if (!updated) return notFound(text, "api.trainingNotFound");
  return jsonAnswer(trainingView(updated));
}
