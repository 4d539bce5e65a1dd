import type { Route } from "./+types/system-test";
import { isClientCheckKind } from "~/checks/connection-result.ts";
import { runClientCheck, runDatabaseCheck, type SystemCheckContext } from "~/checks/system-checks.server.ts";
import { requireClient } from "~/clients/clients.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { apiText, jsonAnswer, notFound, readOnlyRoute } from "~/server/json-api.server.ts";

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
  if (!kind) return jsonAnswer(await runDatabaseCheck(checkContext));
  if (!isClientCheckKind(kind)) return notFound(apiText(context));
  return jsonAnswer(await runClientCheck(checkContext, kind, await requireClient(context, params.clientId)));
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
