import { count, eq } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { operators } from "#db/schema.ts";

export async function findOperatorByUsername(db: Database, username: string) {
  const [operator] = await db.select().from(operators).where(eq(operators.username, username)).limit(1);
  return operator;
}

export async function countOperators(db: Database) {
  const [row] = await db.select({ value: count() }).from(operators);
  return row?.value ?? 0;
}

/**
 * The operator named at start-up (ADMIN_USERNAME): made the team's first owner, or given the password
 * again and enabled if it exists; an owner the team has since given another role keeps it.
 */
export async function upsertOperator(db: Database, username: string, passwordHash: string) {
  await db
    .insert(operators)
    .values({ username, passwordHash, role: "owner" })
    .onConflictDoUpdate({
      target: operators.username,
      set: { passwordHash, disabledAt: null, updatedAt: new Date() },
    });
}

export async function recordSignIn(db: Database, operatorId: number, now = new Date()) {
  await db.update(operators).set({ lastSignInAt: now }).where(eq(operators.id, operatorId));
}
