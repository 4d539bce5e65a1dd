import type { Route } from "./+types/full-client-test";
import { runRecordedFullClientTest } from "~/checks/system-checks.server.ts";
import { clientIdSchema } from "~/clients/client-schema.ts";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { findClientById } from "~/models/client.server.ts";
import { serverUrlFor } from "~/plugin/download.server.ts";

const NO_STORE = { "Cache-Control": "private, no-store" };

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(getTranslator(context));
}

/** Runs every registered check on one client and keeps the run in integration_checks. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const t = getTranslator(context);
  if (request.method !== "POST") return methodNotAllowed(t);
  const db = context.get(databaseContext);
  const id = clientIdSchema.safeParse(params.clientId);
  const client = id.success ? await findClientById(db, id.data) : undefined;
  if (!client) return Response.json({ error: t("api.notFound", { ns: "clients" }) }, { status: 404, headers: NO_STORE });

  const result = await runRecordedFullClientTest({
    db,
    client,
    serverUrl: serverUrlFor(context.get(envContext), request),
    env: context.get(envContext),
    language: context.get(languageContext),
    t: (key, values) => t(key, { ns: "clients", ...values }),
  });
  return Response.json(result, { headers: NO_STORE });
}

function methodNotAllowed(t: ReturnType<typeof getTranslator>) {
  return Response.json({ error: t("api.methodNotAllowed", { ns: "clients" }) }, { status: 405, headers: { Allow: "POST", ...NO_STORE } });
}
