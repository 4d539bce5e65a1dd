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

export async function upsertOperator(db: Database, username: string, passwordHash: string) {
  await db
    .insert(operators)
    .values({ username, passwordHash })
    .onConflictDoUpdate({ target: operators.username, set: { passwordHash, updatedAt: new Date() } });
}
