import type { Route } from "./+types/full-client-test";
import { runRecordedFullClientTest } from "~/checks/system-checks.server.ts";
import { requireClient } from "~/clients/clients.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { serverUrlFor } from "~/plugin/download.server.ts";
import { apiText, jsonAnswer, methodNotAllowed } from "~/server/json-api.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(apiText(context), "POST");
}

/** Runs every registered check on one client and keeps the run in integration_checks. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(apiText(context), "POST");
  const client = await requireClient(context, params.clientId);
  const t = getTranslator(context);
  const result = await runRecordedFullClientTest({
    db: context.get(databaseContext),
    client,
    serverUrl: serverUrlFor(context.get(envContext), request),
    env: context.get(envContext),
    language: context.get(languageContext),
    t: (key, values) => t(key, { ns: "clients", ...values }),
  });
  return jsonAnswer(result);
}
