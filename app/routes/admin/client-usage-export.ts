import { z } from "zod";
import type { Route } from "./+types/client-usage-export";
import { USAGE_PERIODS } from "~/clients/client-schema.ts";
import { requireClientForDownload } from "~/clients/clients.server.ts";
import { plainTextResponse } from "~/server/plain-text.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { csvDateTime, csvResponse, type CsvColumn } from "~/lib/csv.server.ts";
import { listDailyUsage, type DailyUsage } from "~/models/usage.server.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

const periodSchema = z.enum(USAGE_PERIODS).default("all");

/** The Export Usage dialog's CSV: one line per day, newest first; Total Cost with 2 decimals. */
export async function loader({ url, params, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const db = context.get(databaseContext);
  const client = await requireClientForDownload(context, params.clientId);
  const period = periodSchema.safeParse(url.searchParams.get("period") ?? undefined);
  if (!period.success) return plainTextResponse(t("errors.periodInvalid", { ns: "clients" }), 400);

  recordAccess(context, { action: "export_usage", clientId: client.id });
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const header = (key: string) => t(`detail.usage.${key}`, { ns: "clients" });
  const columns: CsvColumn<DailyUsage>[] = [
    { header: header("date"), value: (day) => day.date },
    { header: header("conversations"), value: (day) => day.conversations },
    { header: header("articles"), value: (day) => day.articles },
    { header: header("solutions"), value: (day) => day.solutions },
    { header: header("totalCost"), value: (day) => (day.totalCents / 100).toFixed(2) },
  ];
  const rows = await listDailyUsage(db, client.id, { since: period.data, timeZone });
  const filename = `usage-${client.id}-${period.data}-${csvDateTime(new Date(), timeZone).slice(0, 10)}.csv`;
  return csvResponse({ filename, columns, rows });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
