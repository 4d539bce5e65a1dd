import { and, count, eq, isNull, lt, or, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { operators, recoveryCodes, teamPolicy } from "#db/schema.ts";

/** What the second factor's pages and the sign-in's second step need of one person. */
export async function findSecondFactorOperator(db: Database, operatorId: number) {
  const [row] = await db
    .select({
      id: operators.id,
      username: operators.username,
      passwordHash: operators.passwordHash,
      disabledAt: operators.disabledAt,
      totpSecretEncrypted: operators.totpSecretEncrypted,
      totpEnabledAt: operators.totpEnabledAt,
      totpLastStep: operators.totpLastStep,
    })
    .from(operators)
    .where(eq(operators.id, operatorId))
    .limit(1);
  return row;
}

/** Whether the person signs in with a second factor (answered for the sign-in's first step). */
export async function hasSecondFactor(db: Database, operatorId: number) {
  const [row] = await db
    .select({ enabledAt: operators.totpEnabledAt })
    .from(operators)
    .where(eq(operators.id, operatorId))
    .limit(1);
  return Boolean(row?.enabledAt);
}

/**
 * Keeps a new secret for a person who has no second factor on: it is not asked at sign-in until a code
 * of it confirms it (`enableSecondFactor`). A person whose second factor is on keeps theirs.
 */
export async function savePendingTotpSecret(db: Database, operatorId: number, secretEncrypted: string) {
  const rows = await db
    .update(operators)
    .set({ totpSecretEncrypted: secretEncrypted, totpLastStep: null, updatedAt: new Date() })
    .where(and(eq(operators.id, operatorId), isNull(operators.totpEnabledAt)))
    .returning({ id: operators.id });
  return rows.length > 0;
}

/**
 * Takes a code's step for the person, once: false when a code of that step (or a later one) was
 * taken already, by a parallel request too, since the condition and the write are one statement.
 */
export async function claimTotpStep(db: Database, operatorId: number, step: number) {
  const rows = await db
    .update(operators)
    .set({ totpLastStep: step })
    .where(and(eq(operators.id, operatorId), or(isNull(operators.totpLastStep), lt(operators.totpLastStep, step))))
    .returning({ id: operators.id });
  return rows.length > 0;
}

/** Turns the pending secret on, with its first code's step taken and a new set of recovery codes. */
export async function enableSecondFactor(
  db: Database,
  input: { operatorId: number; step: number; codeHashes: string[]; now: Date },
) {
  return db.transaction(async (tx) => {
    const rows = await tx
      .update(operators)
      .set({ totpEnabledAt: input.now, totpLastStep: input.step, updatedAt: input.now })
      .where(
        and(
          eq(operators.id, input.operatorId),
          isNull(operators.totpEnabledAt),
          sql`${operators.totpSecretEncrypted} is not null`,
          or(isNull(operators.totpLastStep), lt(operators.totpLastStep, input.step)),
        ),
      )
      .returning({ id: operators.id });
    if (rows.length === 0) return false;
    await replaceRecoveryCodesIn(tx, input.operatorId, input.codeHashes);
    return true;
  });
}

type Executor = Pick<Database, "delete" | "insert">;

async function replaceRecoveryCodesIn(db: Executor, operatorId: number, codeHashes: string[]) {
  await db.delete(recoveryCodes).where(eq(recoveryCodes.operatorId, operatorId));
  await db.insert(recoveryCodes).values(codeHashes.map((codeHash) => ({ operatorId, codeHash })));
}

/** The old codes stop working as the new ones are stored. */
export async function replaceRecoveryCodes(db: Database, operatorId: number, codeHashes: string[]) {
  await db.transaction((tx) => replaceRecoveryCodesIn(tx, operatorId, codeHashes));
}

/** Uses a recovery code: true once, for an unused code of this person; false ever after. */
export async function spendRecoveryCode(db: Database, operatorId: number, codeHash: string, now = new Date()) {
  const rows = await db
    .update(recoveryCodes)
    .set({ usedAt: now })
    .where(
      and(eq(recoveryCodes.operatorId, operatorId), eq(recoveryCodes.codeHash, codeHash), isNull(recoveryCodes.usedAt)),
    )
    .returning({ id: recoveryCodes.id });
  return rows.length > 0;
}

export async function countUnusedRecoveryCodes(db: Database, operatorId: number) {
  const [row] = await db
    .select({ value: count() })
    .from(recoveryCodes)
    .where(and(eq(recoveryCodes.operatorId, operatorId), isNull(recoveryCodes.usedAt)));
  return row?.value ?? 0;
}

/** Off: the secret, its last step and the recovery codes go. */
export async function disableSecondFactor(db: Database, operatorId: number, now = new Date()) {
  await db.transaction(async (tx) => {
    await tx
      .update(operators)
      .set({ totpSecretEncrypted: null, totpEnabledAt: null, totpLastStep: null, updatedAt: now })
      .where(eq(operators.id, operatorId));
    await tx.delete(recoveryCodes).where(eq(recoveryCodes.operatorId, operatorId));
  });
}

/** The team's rule; no row yet means nobody is required to have a second factor. */
export async function findRequireSecondFactor(db: Database) {
  const [row] = await db
    .select({ required: teamPolicy.requireSecondFactor })
    .from(teamPolicy)
    .where(eq(teamPolicy.id, 1))
    .limit(1);
  return row?.required ?? false;
}

export async function saveRequireSecondFactor(db: Database, required: boolean, now = new Date()) {
  await db
    .insert(teamPolicy)
    .values({ id: 1, requireSecondFactor: required, updatedAt: now })
    .onConflictDoUpdate({ target: teamPolicy.id, set: { requireSecondFactor: required, updatedAt: now } });
}

/**
 * Whether the team requires a second factor and the person (the row of `operators` in the query)
 * has none: then every page but the set-up page sends them there. A column of the session's own
 * lookup (app/models/auth-session.server.ts), so the guards ask the database once a request.
 */
export const secondFactorMissing = sql<boolean>`coalesce((select ${teamPolicy.requireSecondFactor} from ${teamPolicy} where ${teamPolicy.id} = 1), false) and ${operators.totpEnabledAt} is null`;
