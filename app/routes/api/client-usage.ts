import { z } from "zod";
import type { Route } from "./+types/client-usage";
import { clientIdSchema, USAGE_PERIODS } from "~/clients/client-schema.ts";
import { jsonError, NO_STORE, usageRecordJson } from "~/clients/clients.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { findClientById } from "~/models/client.server.ts";
import { listDailyUsage } from "~/models/usage.server.ts";
import { readOnlyRoute } from "~/server/method-not-allowed.server.ts";

const periodSchema = z.enum(USAGE_PERIODS).default("all");

/** The client's usage records per day, newest first, for `?period=week|month|quarter|year|all` (default all). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const db = context.get(databaseContext);
  const id = clientIdSchema.safeParse(params.clientId);
  if (!id.success || !(await findClientById(db, id.data))) return jsonError(t, "api.notFound", 404);
  const period = periodSchema.safeParse(url.searchParams.get("period") ?? undefined);
  if (!period.success) return jsonError(t, "api.invalid", 400, { period: t("errors.periodInvalid", { ns: "clients" }) });
  const days = await listDailyUsage(db, id.data, { since: period.data, timeZone: context.get(envContext).TZ_DISPLAY });
  return Response.json(days.map(usageRecordJson), { headers: NO_STORE });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
