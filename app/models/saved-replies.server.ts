import { and, asc, eq, isNull, or, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { clients, savedReplies } from "#db/schema.ts";

export type SavedReplyValues = { clientId: number | null; name: string; textHe: string; textEn: string };

/** Which rows a change may touch: any (the provider's team), or one business's own only. */
export type SavedReplyOwner = { clientId: number } | "any";

const columns = {
  id: savedReplies.id,
  clientId: savedReplies.clientId,
  name: savedReplies.name,
  textHe: savedReplies.textHe,
  textEn: savedReplies.textEn,
  updatedAt: savedReplies.updatedAt,
};

/** PostgreSQL's unique violation (23505), wrapped by drizzle for both drivers. */
const isNameTaken = (error: unknown) => (error as { cause?: { code?: string } }).cause?.code === "23505";

/**
 * The back-office's list: every reply, one client's and the shared ones (`clientId` a number), or
 * the shared ones alone (`clientId` null); the business's name beside each, shared ones first.
 */
export async function listSavedReplies(db: Database, filter: { clientId?: number | null } = {}) {
  const where =
    filter.clientId === undefined
      ? undefined
      : filter.clientId === null
        ? isNull(savedReplies.clientId)
        : or(eq(savedReplies.clientId, filter.clientId), isNull(savedReplies.clientId));
  return db
    .select({ ...columns, businessName: clients.businessName })
    .from(savedReplies)
    .leftJoin(clients, eq(clients.id, savedReplies.clientId))
    .where(where)
    .orderBy(sql`${savedReplies.clientId} is not null`, asc(clients.businessName), asc(savedReplies.name));
}

/** What a business may use: its own replies, then the shared ones, each by name. */
export function listRepliesForClient(db: Database, clientId: number) {
  return db
    .select(columns)
    .from(savedReplies)
    .where(or(eq(savedReplies.clientId, clientId), isNull(savedReplies.clientId)))
    .orderBy(sql`${savedReplies.clientId} is null`, asc(savedReplies.name));
}

/** A new reply's id, or "taken" when its business (or the shared ones) already has that name. */
export async function insertSavedReply(db: Database, values: SavedReplyValues, createdBy: number) {
  try {
    const [row] = await db
      .insert(savedReplies)
      .values({ ...values, createdBy })
      .returning({ id: savedReplies.id });
    return row!.id;
  } catch (error) {
    if (isNameTaken(error)) return "taken" as const;
    throw error;
  }
}

const ownedBy = (id: number, owner: SavedReplyOwner) =>
  owner === "any" ? eq(savedReplies.id, id) : and(eq(savedReplies.id, id), eq(savedReplies.clientId, owner.clientId));

/** Changes a reply `owner` may change: "changed", "missing" (none such of theirs) or "taken" (the name). */
export async function updateSavedReply(db: Database, id: number, owner: SavedReplyOwner, values: SavedReplyValues) {
  try {
    const rows = await db
      .update(savedReplies)
      .set({ ...values, updatedAt: new Date() })
      .where(ownedBy(id, owner))
      .returning({ id: savedReplies.id });
    return rows.length > 0 ? ("changed" as const) : ("missing" as const);
  } catch (error) {
    if (isNameTaken(error)) return "taken" as const;
    throw error;
  }
}

/** Deletes a reply `owner` may change; false when there is none such. */
export async function deleteSavedReply(db: Database, id: number, owner: SavedReplyOwner) {
  const rows = await db.delete(savedReplies).where(ownedBy(id, owner)).returning({ id: savedReplies.id });
  return rows.length > 0;
}
