import type { Database } from "#db/connection.ts";
import type { Channel } from "#db/vocabulary.ts";
import { FUNCTIONS_PAGE_SIZE, type CompletedFunctionFilters } from "~/conversations/completed-function-filters.ts";
import { FUNCTION_DETAIL_KEYS } from "#db/vocabulary.ts";
import { csvDateTime, csvResponse, everyRow, type CsvColumn } from "~/lib/csv.server.ts";
import {
  getCompletedFunctionTotals,
  listCompletedFunctions,
  type CompletedFunctionFilter,
  type CompletedFunctionRow,
} from "~/models/completed-function.server.ts";

/** The completed functions as their API gives them: money in dollars, the session by its public id, times in ISO 8601. */
export async function completedFunctionList(db: Database) {
  const rows = await listCompletedFunctions(db);
  return rows.map((row) => ({
    id: row.id,
    clientId: row.clientId,
    sessionId: row.sessionPublicId,
    functionType: row.functionType,
    clientDetails: row.clientDetails,
    profitAmount: row.profitCents / 100,
    completedAt: row.completedAt.toISOString(),
  }));
}

/** The clients whose visitors' details (a name, a phone, anything they left) the rows carry. */
export const clientsWithDetails = (rows: { clientId: number; clientDetails: object }[]) =>
  rows.filter((row) => Object.keys(row.clientDetails).length > 0).map((row) => row.clientId);

export async function completedFunctionStats(db: Database) {
  const totals = await getCompletedFunctionTotals(db);
  return {
    totalFunctionsCompleted: totals.completed,
    totalProfitGenerated: totals.profitCents / 100,
    averageProfitPerFunction: Math.round(totals.averageProfitCents) / 100,
  };
}

const modelFilter = (filters: CompletedFunctionFilters, timeZone: string): CompletedFunctionFilter => ({
  clientId: filters.clientId,
  functionType: filters.type,
  fromDay: filters.from,
  toDay: filters.to,
  timeZone,
});

/** One page of the list and the totals of everything the filters keep; a page past the end shows the last. */
export async function completedFunctionsPage(db: Database, filters: CompletedFunctionFilters, timeZone: string) {
  const filter = modelFilter(filters, timeZone);
  const totals = await getCompletedFunctionTotals(db, filter);
  const pageCount = Math.max(1, Math.ceil(totals.completed / FUNCTIONS_PAGE_SIZE));
  const page = Math.min(filters.page, pageCount);
  const rows = await listCompletedFunctions(db, filter, {
    limit: FUNCTIONS_PAGE_SIZE,
    offset: (page - 1) * FUNCTIONS_PAGE_SIZE,
  });
  return { rows, totals, page, pageCount };
}

const CSV_PAGE_SIZE = 500;

/** The filtered list as a CSV file, every row newest first; headers in the operator's language, times in TZ_DISPLAY. */
export function completedFunctionsCsv(
  db: Database,
  filters: CompletedFunctionFilters,
  {
    timeZone,
    t,
    channelLabel,
    provider = true,
  }: {
    timeZone: string;
    t: (key: string) => string;
    channelLabel: (channel: Channel) => string;
    /** The provider's columns, the client and the profit; a business's own file (its portal) has neither. */
    provider?: boolean;
  },
) {
  const filter = modelFilter(filters, timeZone);
  const columns: CsvColumn<CompletedFunctionRow>[] = [
    { header: t("columns.completedAt"), value: (row) => csvDateTime(row.completedAt, timeZone) },
    { header: t("columns.functionType"), value: (row) => t(`types.${row.functionType}`) },
    ...(provider ? [{ header: t("columns.client"), value: (row: CompletedFunctionRow) => row.businessName }] : []),
    { header: t("columns.session"), value: (row) => row.sessionPublicId },
    { header: t("columns.channel"), value: (row) => (row.sessionChannel ? channelLabel(row.sessionChannel) : null) },
    ...FUNCTION_DETAIL_KEYS.map((key) => ({
      header: t(`details.${key}`),
      value: (row: CompletedFunctionRow) => row.clientDetails[key],
    })),
    ...(provider
      ? [{ header: t("columns.profit"), value: (row: CompletedFunctionRow) => (row.profitCents / 100).toFixed(2) }]
      : []),
  ];
  return csvResponse({
    filename: `completed-functions-${csvDateTime(new Date(), timeZone).slice(0, 10)}.csv`,
    columns,
    rows: everyRow(CSV_PAGE_SIZE, (afterId) => listCompletedFunctions(db, filter, { limit: CSV_PAGE_SIZE, afterId })),
  });
}
