import { parseForm } from "~/components/ui/parse-form.ts";
import { data } from "react-router";
import { redirectWithError, redirectWithSuccess } from "remix-toast";
import type { Database } from "#db/connection.ts";
import {
  countContactLeads,
  countContactLeadsMatching,
  listContactLeadsMatching,
  setContactLeadHandled,
} from "~/models/contact-lead.server.ts";
import {
  countInvestmentInquiries,
  countInvestmentInquiriesMatching,
  listInvestmentInquiriesMatching,
  setInvestmentInquiryHandled,
} from "~/models/investment-inquiry.server.ts";
import type { LeadFilter } from "~/models/lead-filter.server.ts";
import {
  countNewsletterSubscribers,
  countNewsletterSubscribersMatching,
  listNewsletterSubscribersMatching,
} from "~/models/newsletter-subscriber.server.ts";
import {
  handledFormSchema,
  isFollowedList,
  LEADS_PAGE_SIZE,
  MARK_HANDLED_INTENT,
  type LeadsQuery,
} from "./lead-schema.ts";
import type { LeadList } from "./lead-lists.ts";

const filterOf = (query: LeadsQuery): LeadFilter => ({
  search: query.q || undefined,
  // Newsletter subscribers are never handled: the filter does not apply to them.
  handled: !isFollowedList(query.tab) || query.handled === "all" ? undefined : query.handled === "handled",
});

/**
 * The Leads page: every list's size (the tabs' badges) and one page of the chosen list, filtered.
 * A page past the end shows the last page (a lead marked handled may have emptied the one asked for).
 */
export async function loadLeadsPage(db: Database, query: LeadsQuery) {
  const filter = filterOf(query);
  const [inquiries, contacts, newsletter, matching] = await Promise.all([
    countInvestmentInquiries(db),
    countContactLeads(db),
    countNewsletterSubscribers(db),
    countMatching(db, query.tab, filter),
  ]);
  const pageCount = Math.max(1, Math.ceil(matching / LEADS_PAGE_SIZE));
  const page = Math.min(query.page, pageCount);
  const slice = { limit: LEADS_PAGE_SIZE, offset: (page - 1) * LEADS_PAGE_SIZE };
  return {
    counts: { inquiries, contacts, newsletter } satisfies Record<LeadList, number>,
    matching,
    page,
    pageCount,
    list: await listOf(db, query.tab, filter, slice),
  };
}

function countMatching(db: Database, tab: LeadList, filter: LeadFilter) {
  switch (tab) {
    case "inquiries":
      return countInvestmentInquiriesMatching(db, filter);
    case "contacts":
      return countContactLeadsMatching(db, filter);
    case "newsletter":
      return countNewsletterSubscribersMatching(db, filter);
  }
}

async function listOf(db: Database, tab: LeadList, filter: LeadFilter, slice: { limit: number; offset: number }) {
  switch (tab) {
    case "inquiries":
      return { tab, rows: await listInvestmentInquiriesMatching(db, filter, slice) } as const;
    case "contacts":
      return { tab, rows: await listContactLeadsMatching(db, filter, slice) } as const;
    case "newsletter":
      return { tab, rows: await listNewsletterSubscribersMatching(db, filter, slice) } as const;
  }
}

/** Marks a lead handled by the operator now, or unhandled; false when there is no such lead. */
function markLeadHandled(
  db: Database,
  { intent, list, id }: { intent: string; list: "inquiries" | "contacts"; id: number },
  operatorId: number,
  now = new Date(),
) {
  const handled = intent === MARK_HANDLED_INTENT ? { operatorId, at: now } : null;
  return list === "inquiries" ? setInvestmentInquiryHandled(db, id, handled) : setContactLeadHandled(db, id, handled);
}

export type LeadsActionContext = {
  db: Database;
  operatorId: number;
  /** The same list, filters and page the post came from. */
  backPath: string;
  t: (key: string, values?: Record<string, unknown>) => string;
};

/** Mark handled / Mark not handled, from a row's button: back to the same list, filters and page. */
export async function handleLeadsAction(formData: FormData, { db, operatorId, backPath, t }: LeadsActionContext) {
  const submission = parseForm(formData, { schema: handledFormSchema });
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  const found = await markLeadHandled(db, submission.value, operatorId);
  if (!found) return redirectWithError(backPath, t("leads.handled.notFound", { ns: "admin" }));
  const done = submission.value.intent === MARK_HANDLED_INTENT;
  return redirectWithSuccess(
    backPath,
    t(done ? "leads.handled.markedDone" : "leads.handled.markedOpen", { ns: "admin" }),
  );
}
