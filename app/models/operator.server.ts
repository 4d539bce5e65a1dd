import { and, count, eq, isNotNull, isNull, max, or, sql } from "drizzle-orm";
import type { Database } from "#db/connection.ts";
import { accountTokens, operators } from "#db/schema.ts";
import type { PersonRole } from "#db/vocabulary.ts";

/** How a person is named to others: the name they chose, else what they sign in with. */
export const personName = sql<string>`coalesce(${operators.displayName}, ${operators.username})`;

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

export type Operator = typeof operators.$inferSelect;

export async function findOperatorById(db: Database, id: number) {
  const [operator] = await db.select().from(operators).where(eq(operators.id, id)).limit(1);
  return operator;
}

/** Who a group of people is: the provider's team (`clientId` null) or one business's people. */
export type PeopleScope = { clientId: number | null };

const inScope = (scope: PeopleScope) =>
  scope.clientId === null ? isNull(operators.clientId) : eq(operators.clientId, scope.clientId);

/** A person of that group only: another group's person, whatever their id, is not found. */
export async function findPersonInScope(db: Database, scope: PeopleScope, id: number) {
  const [person] = await db
    .select()
    .from(operators)
    .where(and(eq(operators.id, id), inScope(scope)))
    .limit(1);
  return person;
}

/** Someone already on the team under that address: as their e-mail, or as their sign-in name. */
export async function findOperatorByEmail(db: Database, email: string) {
  const lowered = email.toLowerCase();
  const [operator] = await db
    .select({ id: operators.id })
    .from(operators)
    .where(or(sql`lower(${operators.email}) = ${lowered}`, eq(operators.username, lowered)))
    .limit(1);
  return operator;
}

/**
 * The team as its page lists it, owners first, then by name. `inviteExpiresAt` is the latest unused
 * invitation's expiry (null when there is none): with no password yet, it tells pending from expired.
 */
export async function listTeam(db: Database, scope: PeopleScope) {
  const invites = db
    .select({
      operatorId: accountTokens.operatorId,
      expiresAt: max(accountTokens.expiresAt).as("invite_expires_at"),
    })
    .from(accountTokens)
    .where(and(eq(accountTokens.kind, "invite"), isNull(accountTokens.usedAt)))
    .groupBy(accountTokens.operatorId)
    .as("invites");
  return db
    .select({
      id: operators.id,
      username: operators.username,
      email: operators.email,
      displayName: operators.displayName,
      role: operators.role,
      hasPassword: sql<boolean>`${operators.passwordHash} is not null`,
      disabledAt: operators.disabledAt,
      lastSignInAt: operators.lastSignInAt,
      totpEnabledAt: operators.totpEnabledAt,
      inviteExpiresAt: invites.expiresAt,
      createdAt: operators.createdAt,
    })
    .from(operators)
    .leftJoin(invites, eq(invites.operatorId, operators.id))
    .where(inScope(scope))
    .orderBy(
      sql`case ${operators.role} when 'owner' then 0 when 'business_owner' then 0 when 'admin' then 1 else 2 end`,
      sql`lower(coalesce(${operators.displayName}, ${operators.username}))`,
      operators.id,
    );
}

/** A person invited to the team: no password until they accept. Undefined when the address or name is taken. */
export async function insertInvitedOperator(
  db: Database,
  values: { email: string; displayName: string; role: PersonRole; invitedBy: number; clientId: number | null },
) {
  try {
    const [row] = await db
      .insert(operators)
      .values({ ...values, username: values.email.toLowerCase(), passwordHash: null })
      .returning({ id: operators.id });
    return row?.id;
  } catch (error) {
    if ((error as { cause?: { code?: unknown } } | null)?.cause?.code === "23505") return undefined;
    throw error;
  }
}

/**
 * Locks the rows of the group's owners who can sign in (enabled, with a password) until the transaction
 * ends and answers their ids. Two owners changing each other at once queue here, and the second one sees
 * the first one's change: neither the team nor a business can be left without an owner.
 */
export async function lockActiveOwners(tx: Database, scope: PeopleScope) {
  const rows = await tx
    .select({ id: operators.id })
    .from(operators)
    .where(
      and(
        inScope(scope),
        eq(operators.role, scope.clientId === null ? "owner" : "business_owner"),
        isNull(operators.disabledAt),
        isNotNull(operators.passwordHash),
      ),
    )
    .for("update");
  return rows.map((row) => row.id);
}

export async function setOperatorRole(db: Database, id: number, role: PersonRole) {
  await db.update(operators).set({ role, updatedAt: new Date() }).where(eq(operators.id, id));
}

/** Disables (a time) or enables (null) a person. */
export async function setOperatorDisabled(db: Database, id: number, disabledAt: Date | null) {
  await db.update(operators).set({ disabledAt, updatedAt: new Date() }).where(eq(operators.id, id));
}

/** An invited person's own choices on accepting: their password and the name the team sees. */
export async function setInvitedOperatorPassword(
  db: Database,
  id: number,
  values: { passwordHash: string; displayName: string },
) {
  await db
    .update(operators)
    .set({ ...values, updatedAt: new Date() })
    .where(and(eq(operators.id, id), isNull(operators.passwordHash)));
}
