import { z } from "zod";
import { CONVERSATION_STATES } from "#db/vocabulary.ts";
import { channelFilter } from "~/lib/channel.ts";

const empty = (value: unknown) => (value === "" || value === null || value === "all" ? undefined : value);
const id = z.preprocess(empty, z.coerce.number().int().positive().max(2_147_483_647).optional());

/**
 * The inbox's filters (a GET form): state, channel, client (the back-office's only: the portal's
 * client is the session's) and person (`me`, or a person's id). Empty or "all" is no filter;
 * anything else off is a 400 naming the filter.
 */
export const inboxQuerySchema = z.object({
  state: z.preprocess(empty, z.enum(CONVERSATION_STATES).optional()),
  channel: channelFilter,
  clientId: id,
  person: z.preprocess(
    empty,
    z.union([z.literal("me"), z.coerce.number().int().positive().max(2_147_483_647)]).optional(),
  ),
});
export type InboxQuery = z.infer<typeof inboxQuerySchema>;

/** Where each inbox is, and where its shell asks how many visitors wait. */
export const ADMIN_INBOX = "/admin/inbox";
export const PORTAL_INBOX = "/portal/inbox";
export const waitingCountPath = (inbox: string) => `${inbox}/waiting`;
