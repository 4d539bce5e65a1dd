import { z } from "zod";
import type { Route } from "./+types/client-usage";
import { USAGE_PERIODS } from "~/clients/client-schema.ts";
import { requireClient, usageRecordJson } from "~/clients/clients.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { listDailyUsage } from "~/models/usage.server.ts";
import { apiText, invalidInput, jsonAnswer, readOnlyRoute } from "~/server/json-api.server.ts";

const querySchema = z.object({ period: z.enum(USAGE_PERIODS, "errors.periodInvalid").default("all") });

/** The client's usage records per day, newest first, for `?period=week|month|quarter|year|all` (default all). */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const client = await requireClient(context, params.clientId);
  const query = querySchema.safeParse({ period: url.searchParams.get("period") ?? undefined });
  if (!query.success) return invalidInput(apiText(context, "clients"), query.error);
  const days = await listDailyUsage(context.get(databaseContext), client.id, {
    since: query.data.period,
    timeZone: context.get(envContext).TZ_DISPLAY,
  });
  return jsonAnswer(days.map(usageRecordJson));
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
