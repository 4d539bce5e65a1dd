import { and, count, eq, isNull, or, sql } from "drizzle-orm";
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

/**
 * The enabled person who signs in with `name` or has it as their e-mail address (any case), for a
 * password reset; undefined for an unknown or disabled one.
 */
export async function findEnabledOperatorBySignInName(db: Database, name: string) {
  const [operator] = await db
    .select({
      id: operators.id,
      username: operators.username,
      email: operators.email,
      displayName: operators.displayName,
    })
    .from(operators)
    .where(
      and(
        isNull(operators.disabledAt),
        or(eq(operators.username, name), eq(sql`lower(${operators.email})`, name.toLowerCase())),
      ),
    )
    // The one whose sign-in name it is before one whose address it is (an invited person's name is an address).
    .orderBy(sql`${operators.username} = ${name} desc`, operators.id)
    .limit(1);
  return operator;
}

/** What /account shows of its person, and their password hash to check the current password against. */
export async function findOperatorAccount(db: Database, operatorId: number) {
  const [operator] = await db
    .select({
      id: operators.id,
      username: operators.username,
      email: operators.email,
      displayName: operators.displayName,
      role: operators.role,
      passwordHash: operators.passwordHash,
    })
    .from(operators)
    .where(eq(operators.id, operatorId))
    .limit(1);
  return operator;
}

export async function setOperatorPasswordHash(db: Database, operatorId: number, passwordHash: string) {
  await db.update(operators).set({ passwordHash, updatedAt: new Date() }).where(eq(operators.id, operatorId));
}
