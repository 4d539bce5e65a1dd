import type { Route } from "./+types/client-ai-training";
import { NO_STORE, clientFromPath, configTranslator, jsonError, methodNotAllowed } from "~/clients/config/api.server.ts";
import { databaseContext } from "~/context.ts";
import { findTrainingConfig } from "~/models/training-config.server.ts";

/** The client's AI training, read only: greeting, tone, businessInfo. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const client = await clientFromPath(context, params.clientId);
  if (client instanceof Response) return client;
  const config = await findTrainingConfig(context.get(databaseContext), client.id);
  if (!config) return jsonError(404, configTranslator(context)("api.trainingNotFound"));
  return Response.json({ greeting: config.greeting, tone: config.tone, businessInfo: config.businessInfo }, { headers: NO_STORE });
}

export function action({ context }: Route.ActionArgs) {
  return methodNotAllowed(context, "GET");
}
