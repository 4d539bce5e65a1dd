import { and, eq, gt, isNull } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Database } from "#db/connection.ts";
import { accountTokens, operators, clients } from "#db/schema.ts";
import type { AccountTokenKind } from "#db/vocabulary.ts";

/** `id` is the SHA-256 of the link's token: the table never holds a usable link. */
export async function insertAccountToken(
  db: Database,
  values: { id: string; operatorId: number; kind: AccountTokenKind; expiresAt: Date },
) {
  await db.insert(accountTokens).values(values);
}

const inviter = alias(operators, "inviter");

/**
 * A token of that kind by its stored id, used or not, expired or not (the page tells those apart),
 * with the person it is for and who invited them.
 */
export async function findAccountToken(db: Database, id: string, kind: AccountTokenKind) {
  const [row] = await db
    .select({
      id: accountTokens.id,
      expiresAt: accountTokens.expiresAt,
      usedAt: accountTokens.usedAt,
      operatorId: operators.id,
      username: operators.username,
      email: operators.email,
      displayName: operators.displayName,
      role: operators.role,
      disabledAt: operators.disabledAt,
      hasPassword: operators.passwordHash,
      inviterName: inviter.displayName,
      inviterUsername: inviter.username,
      businessName: clients.businessName,
    })
    .from(accountTokens)
    .innerJoin(operators, eq(operators.id, accountTokens.operatorId))
    .leftJoin(inviter, eq(inviter.id, operators.invitedBy))
    .leftJoin(clients, eq(clients.id, operators.clientId))
    .where(and(eq(accountTokens.id, id), eq(accountTokens.kind, kind)))
    .limit(1);
  if (!row) return undefined;
  const { hasPassword, ...token } = row;
  return { ...token, hasPassword: hasPassword !== null };
}

/**
 * Marks the token used if it still can be: unused and unexpired. One statement, so two posts of the
 * same link cannot both pass. Answers the person it was for, or undefined when it no longer works.
 */
export async function consumeAccountToken(db: Database, id: string, kind: AccountTokenKind, now = new Date()) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.id, id),
        eq(accountTokens.kind, kind),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ operatorId: accountTokens.operatorId });
  return row?.operatorId;
}

/** Removes a person's unused links of that kind: a new one replaces them, or they are no longer wanted. */
export async function deleteUnusedAccountTokens(db: Database, operatorId: number, kind: AccountTokenKind) {
  await db
    .delete(accountTokens)
    .where(and(eq(accountTokens.operatorId, operatorId), eq(accountTokens.kind, kind), isNull(accountTokens.usedAt)));
}

/*
 * Password-reset links (kind "password_reset"). Each row's id is the SHA-256 of the link's token, so
 * the table never holds a usable link.
 */

/**
 * Makes a person's new reset link and ends every earlier unused one of theirs in the same step, so
 * only the latest e-mail works.
 */
export async function replacePasswordResetToken(
  db: Database,
  values: { id: string; operatorId: number; expiresAt: Date },
  now = new Date(),
) {
  await db.transaction(async (tx) => {
    await tx
      .update(accountTokens)
      .set({ usedAt: now })
      .where(
        and(
          eq(accountTokens.operatorId, values.operatorId),
          eq(accountTokens.kind, "password_reset"),
          isNull(accountTokens.usedAt),
        ),
      );
    await tx.insert(accountTokens).values({ ...values, kind: "password_reset" });
  });
}

/** A reset link that still works: not used, not expired, of a person who is not disabled. */
export async function findLivePasswordResetToken(db: Database, id: string, now = new Date()) {
  const [row] = await db
    .select({ id: accountTokens.id, operatorId: accountTokens.operatorId })
    .from(accountTokens)
    .innerJoin(operators, eq(operators.id, accountTokens.operatorId))
    .where(
      and(
        eq(accountTokens.id, id),
        eq(accountTokens.kind, "password_reset"),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
        isNull(operators.disabledAt),
      ),
    )
    .limit(1);
  return row;
}

/**
 * Marks a live reset link used and answers whose it was, or undefined when it was not live: one
 * statement, so two posts of the same link cannot both use it.
 */
export const usePasswordResetToken = (db: Database, id: string, now = new Date()) =>
  consumeAccountToken(db, id, "password_reset", now);
