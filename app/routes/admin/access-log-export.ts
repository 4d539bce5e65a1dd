import type { Route } from "./+types/access-log-export";
import { requireClientForDownload } from "~/clients/clients.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { csvDateTime, csvResponse, everyRow, type CsvColumn } from "~/lib/csv.server.ts";
import { listClientAccessLogAfter, type AccessLogRow } from "~/models/access-log.server.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

const PAGE_SIZE = 500;

/** A client's access log as CSV, every row newest first; headers and actions in the operator's language, times in TZ_DISPLAY. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const db = context.get(databaseContext);
  const client = await requireClientForDownload(context, params.clientId);
  // The export is itself an access: logged before the rows are read, so the file lists its own download.
  recordAccess(context, { action: "export_access_log", clientId: client.id });
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const header = (key: string) => t(`columns.${key}`, { ns: "access" });
  const columns: CsvColumn<AccessLogRow>[] = [
    { header: header("time"), value: (row) => csvDateTime(row.createdAt, timeZone) },
    { header: header("operator"), value: (row) => row.operatorName },
    { header: header("action"), value: (row) => t(`actions.${row.action}`, { ns: "access" }) },
    { header: header("session"), value: (row) => row.sessionId },
    { header: header("address"), value: (row) => row.address },
  ];
  const rows = everyRow(PAGE_SIZE, (afterId) => listClientAccessLogAfter(db, client.id, { limit: PAGE_SIZE, afterId }));
  const filename = `access-log-${client.id}-${csvDateTime(new Date(), timeZone).slice(0, 10)}.csv`;
  return csvResponse({ filename, columns, rows });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
