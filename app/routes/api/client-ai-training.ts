import type { Route } from "./+types/client-ai-training";
import { requireClient } from "~/clients/clients.server.ts";
import { configText } from "~/clients/config/api.server.ts";
import { databaseContext } from "~/context.ts";
import { findTrainingConfig } from "~/models/training-config.server.ts";
import { jsonAnswer, methodNotAllowed, notFound } from "~/server/json-api.server.ts";

/** The client's AI training, read only: greeting, tone, businessInfo. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const client = await requireClient(context, params.clientId);
  const config = await findTrainingConfig(context.get(databaseContext), client.id);
  if (!config) return notFound(configText(context), "api.trainingNotFound");
  return jsonAnswer({ greeting: config.greeting, tone: config.tone, businessInfo: config.businessInfo });
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowed(configText(context), "GET");
}
