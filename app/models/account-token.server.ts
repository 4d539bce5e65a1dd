import { and, eq, gt, isNull } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { accountTokens, operators } from "#db/schema.ts";

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
export async function usePasswordResetToken(db: Database, id: string, now = new Date()) {
  const [row] = await db
    .update(accountTokens)
    .set({ usedAt: now })
    .where(
      and(
        eq(accountTokens.id, id),
        eq(accountTokens.kind, "password_reset"),
        isNull(accountTokens.usedAt),
        gt(accountTokens.expiresAt, now),
      ),
    )
    .returning({ operatorId: accountTokens.operatorId });
  return row?.operatorId;
}
