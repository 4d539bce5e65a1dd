import { z } from "zod";
import type { Route } from "./+types/sync-hive-data";
import { requireClient } from "~/clients/clients.server.ts";
import { configText, readConfigBody } from "~/clients/config/api.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { syncHivePress } from "~/scanner/hivepress.server.ts";
import { jsonAnswer, jsonError, methodNotAllowed } from "~/server/json-api.server.ts";

const syncRequestSchema = z.object({
  clientId: z.coerce.number("errors.required").int("errors.invalidClientId").positive("errors.invalidClientId"),
});

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(configText(context), "POST");
}

/** `{clientId}` → `{success, message}`: the client's HivePress listings become its knowledge entries. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(configText(context), "POST");
  const body = await readConfigBody(request, context, syncRequestSchema);
  if (!body.ok) return body.response;
  const client = await requireClient(context, body.data.clientId);
  const t = configText(context);
  const result = await syncHivePress(context.get(databaseContext), client, {
    allowHosts: context.get(envContext).SCANNER_ALLOW_HOSTS,
  });
  if (!result.success) {
    // The client's site failed, not this server: 502, with what went wrong.
    return jsonError(
      502,
      `${t("sync.failedTitle")}: ${t(`sync.failure.${result.failure}`, { status: result.status })}`,
    );
  }
  return jsonAnswer({ success: true, listings: result.listings, message: t("sync.done", { count: result.listings }) });
}
