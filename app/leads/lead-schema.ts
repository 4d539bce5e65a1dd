import { z } from "zod";
import { singleLineText } from "~/lib/text.ts";
import { sessionIdSchema } from "~/lib/ids.ts";
import { LEAD_LIST_KEYS, type LeadList } from "./lead-lists.ts";

/** The lists whose leads an operator follows up, and so marks handled. */
export const FOLLOWED_LISTS = ["inquiries", "contacts"] as const satisfies readonly LeadList[];
export type FollowedList = (typeof FOLLOWED_LISTS)[number];
export const isFollowedList = (list: LeadList): list is FollowedList =>
  (FOLLOWED_LISTS as readonly string[]).includes(list);

export const HANDLED_FILTERS = ["all", "unhandled", "handled"] as const;
export type HandledFilter = (typeof HANDLED_FILTERS)[number];

export const LEADS_PAGE_SIZE = 25;
export const LEAD_SEARCH_MAX = 100;

/** The Leads page's URL: a bad parameter falls back to its default, so a hand-edited link still opens. */
export const leadsQuerySchema = z.object({
  tab: z.enum(LEAD_LIST_KEYS as [LeadList, ...LeadList[]]).catch("inquiries"),
  q: singleLineText().trim().max(LEAD_SEARCH_MAX).catch(""),
  handled: z.enum(HANDLED_FILTERS).catch("all"),
  page: z.coerce.number().int().min(1).max(100_000).catch(1),
});
export type LeadsQuery = z.infer<typeof leadsQuerySchema>;

export const MARK_HANDLED_INTENT = "markHandled";
export const MARK_UNHANDLED_INTENT = "markUnhandled";

/** A row's Mark handled / Mark unhandled button: which list, which lead. */
export const handledFormSchema = z.object({
  intent: z.enum([MARK_HANDLED_INTENT, MARK_UNHANDLED_INTENT]),
  list: z.enum(FOLLOWED_LISTS),
  id: z.coerce.number().int().positive().max(2_147_483_647),
});

/** A business's own leads page (/portal/leads): one list, so no tab; the same search and follow-up filter. */
export const clientLeadsQuerySchema = leadsQuerySchema.omit({ tab: true });
export type ClientLeadsQuery = z.infer<typeof clientLeadsQuerySchema>;

/** A business's lead is its conversation: the row's button names it by the session's public id. */
export const clientHandledFormSchema = z.object({
  intent: z.enum([MARK_HANDLED_INTENT, MARK_UNHANDLED_INTENT]),
  lead: sessionIdSchema,
});
