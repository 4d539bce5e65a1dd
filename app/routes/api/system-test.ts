import type { Route } from "./+types/system-test";
import { isClientCheckKind } from "~/checks/connection-result.ts";
import { runClientCheck, runDatabaseCheck, type SystemCheckContext } from "~/checks/system-checks.server.ts";
import { clientIdSchema } from "~/clients/client-schema.ts";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { findClientById } from "~/models/client.server.ts";
import { readOnlyRoute } from "~/server/method-not-allowed.server.ts";

const NO_STORE = { "Cache-Control": "private, no-store" };

/**
 * `GET /api/system/test-database` and `GET /api/system/test-client-{wordpress,hivepress,ai,upload}/{clientId}`
 * (one module, the check named by the path). Each answers `{status, checkedAt, error?, details}`
 * with 200 whatever the check found, and keeps the result in the check's history.
 */
export async function loader({ params, url, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const checkContext: SystemCheckContext = {
    db: context.get(databaseContext),
    env: context.get(envContext),
    language: context.get(languageContext),
    t: (key, values) => t(key, { ...values, ns: "checks" }),
  };
  const kind = /\/api\/system\/test-client-(\w+)\//.exec(url.pathname)?.[1];
  if (!kind) return Response.json(await runDatabaseCheck(checkContext), { headers: NO_STORE });
  const id = clientIdSchema.safeParse(params.clientId);
  const client = isClientCheckKind(kind) && id.success ? await findClientById(checkContext.db, id.data) : undefined;
  if (!client || !isClientCheckKind(kind)) return Response.json({ error: t("api.notFound", { ns: "clients" }) }, { status: 404, headers: NO_STORE });
  return Response.json(await runClientCheck(checkContext, kind, client), { headers: NO_STORE });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
