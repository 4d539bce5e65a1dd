import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { Database } from "#db/connection.ts";
import type { Channel } from "#db/vocabulary.ts";
import { parseForm } from "~/components/ui/parse-form.ts";
import { FUNCTION_DETAIL_KEYS } from "#db/vocabulary.ts";
import { csvDateTime, csvResponse, everyRow, type CsvColumn } from "~/lib/csv.server.ts";
import type { LeadFilter } from "~/models/lead-filter.server.ts";
import {
  countClientLeads,
  listClientLeads,
  setClientLeadHandled,
  type ClientLead,
} from "~/models/session-lead.server.ts";
import {
  clientHandledFormSchema,
  LEADS_PAGE_SIZE,
  MARK_HANDLED_INTENT,
  type ClientLeadsQuery,
  type HandledFilter,
} from "./lead-schema.ts";

/**
 * A business's own leads (its portal's Leads page and CSV): the visitors of its conversations who
 * left a way back. The client is always the caller's (the portal's `portalClientContext`), never the
 * request's: every query below is scoped by it.
 */
const filterOf = ({ q, handled }: { q: string; handled: HandledFilter }): LeadFilter => ({
  search: q || undefined,
  handled: handled === "all" ? undefined : handled === "handled",
});

/** The business's leads size, and one page of those that match; a page past the end shows the last. */
export async function loadClientLeadsPage(db: Database, clientId: number, query: ClientLeadsQuery) {
  const filter = filterOf(query);
  const [total, matching] = await Promise.all([countClientLeads(db, clientId), countClientLeads(db, clientId, filter)]);
  const pageCount = Math.max(1, Math.ceil(matching / LEADS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const rows = await listClientLeads(db, clientId, filter, {
    limit: LEADS_PAGE_SIZE,
    offset: (page - 1) * LEADS_PAGE_SIZE,
  });
  return { total, matching, page, pageCount, rows };
}

export type ClientLeadsActionContext = {
  db: Database;
  clientId: number;
  /** The person who marks it: a business's owner or staff. */
  personId: number;
  backPath: string;
  t: (key: string, values?: Record<string, unknown>) => string;
};

/**
 * Mark handled / Mark not handled, from a row's button. A lead the business does not have (another
 * client's session, or no lead at all) is a 404 and nothing changes.
 */
export async function handleClientLeadsAction(
  formData: FormData,
  { db, clientId, personId, backPath, t }: ClientLeadsActionContext,
) {
  const submission = parseForm(formData, { schema: clientHandledFormSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply(), error: t("leads.invalid", { ns: "portal-business" }) }, { status: 400 });
  }
  const done = submission.value.intent === MARK_HANDLED_INTENT;
  const found = await setClientLeadHandled(
    db,
    clientId,
    submission.value.lead,
    done ? { personId, at: new Date() } : null,
  );
  if (!found) throw data(t("leads.handled.notFound", { ns: "admin" }), { status: 404 });
  return redirectWithSuccess(
    backPath,
    t(done ? "leads.handled.markedDone" : "leads.handled.markedOpen", { ns: "admin" }),
  );
}

const CSV_PAGE_SIZE = 500;

/** The business's leads as a CSV file, with the page's search and follow-up filter; every row, newest first. */
export function clientLeadsCsv(
  db: Database,
  clientId: number,
  query: { q: string; handled: HandledFilter },
  {
    timeZone,
    t,
    detailLabel,
    channelLabel,
  }: {
    timeZone: string;
    t: (key: string) => string;
    detailLabel: (key: (typeof FUNCTION_DETAIL_KEYS)[number]) => string;
    channelLabel: (channel: Channel) => string;
  },
) {
  const filter = filterOf(query);
  const columns: CsvColumn<ClientLead>[] = [
    { header: t("leads.columns.date"), value: (row) => csvDateTime(row.startedAt, timeZone) },
    ...FUNCTION_DETAIL_KEYS.map((key) => ({
      header: detailLabel(key),
      value: (row: ClientLead) => row.contactDetails[key],
    })),
    { header: t("leads.columns.channel"), value: (row) => channelLabel(row.channel) },
    { header: t("leads.columns.conversation"), value: (row) => row.publicId },
    {
      header: t("leads.columns.handledAt"),
      value: (row) => (row.handledAt ? csvDateTime(row.handledAt, timeZone) : ""),
    },
    { header: t("leads.columns.handledBy"), value: (row) => row.handledByName },
  ];
  return csvResponse({
    filename: `leads-${query.handled}-${csvDateTime(new Date(), timeZone).slice(0, 10)}.csv`,
    columns,
    rows: everyRow(CSV_PAGE_SIZE, (afterId) =>
      listClientLeads(db, clientId, filter, { limit: CSV_PAGE_SIZE, afterId }),
    ),
  });
}
