import { and, eq, lte, sql } from "drizzle-orm";
import { selectRows, type Database } from "#db/connection.ts";
import { chatSessions, messages, sessionReservations } from "#db/schema.ts";

/** The first key of every new-session lock ("sess" in ASCII), apart from the job runner's and the rate limits'. */
const NEW_SESSION_LOCK_NAMESPACE = 0x73657373;

/**
 * Runs `work` in a transaction holding the client's new-session lock: the limits' counts and sums,
 * and the reservation they allow, become one step, also between two app servers on one database.
 * Messages of sessions already under way never take it.
 */
export function withNewSessionLock<T>(db: Database, clientId: number, work: (tx: Database) => Promise<T>): Promise<T> {
  return db.transaction(async (tx) => {
    // Sent, not awaited, before the work's first queries: the transaction's connection runs them in
    // order, after the lock is taken, and they leave in one write (docs/request-cost.md).
    // (`then` now: a query is sent when it is first awaited, and the lock must go first.)
    const locked = tx
      .execute(sql`select pg_advisory_xact_lock(${NEW_SESSION_LOCK_NAMESPACE}, ${clientId})`)
      .then(() => undefined);
    const [, result] = await Promise.all([locked, work(tx)]);
    return result;
  });
}

/**
 * Where a client stands for a new session of this visitor: the sessions started since `hourAgo` from
 * its address, and from its address and browser, and the month's charges (with no `monthStart`, 0),
 * each with the live reservations (made after `alive`) added. One statement, so one snapshot: a reply
 * that stores its session and drops its reservation meanwhile is counted once, never in neither count.
 */
export async function newSessionStanding(
  db: Database,
  options: {
    clientId: number;
    ip: string;
    userAgent: string | null;
    hourAgo: Date;
    alive: Date;
    monthStart: Date | null;
  },
) {
  const { clientId, ip, userAgent } = options;
  const hourAgo = options.hourAgo.toISOString();
  const alive = options.alive.toISOString();
  const charges = options.monthStart
    ? sql`(select coalesce(sum(${messages.costCents}), 0) from ${messages}
           where ${messages.clientId} = ${clientId} and ${messages.createdAt} >= ${options.monthStart.toISOString()}::timestamptz)`
    : sql`0`;
  const [row] = await selectRows<{
    from_address: number;
    from_visitor: number;
    stored_cents: number;
    reserved_cents: number;
  }>(
    db,
    sql`with sessions as (
          select ${chatSessions.userAgent} as user_agent from ${chatSessions}
          where ${chatSessions.clientId} = ${clientId} and ${chatSessions.userIp} = ${ip}
            and ${chatSessions.startedAt} > ${hourAgo}::timestamptz
        ), reserved as (
          select ${sessionReservations.userIp} as user_ip, ${sessionReservations.userAgent} as user_agent,
                 ${sessionReservations.cents} as cents
          from ${sessionReservations}
          where ${sessionReservations.clientId} = ${clientId} and ${sessionReservations.createdAt} > ${alive}::timestamptz
        )
        select
          (select count(*) from sessions) + (select count(*) from reserved where user_ip = ${ip}) as from_address,
          (select count(*) from sessions where user_agent is not distinct from ${userAgent})
            + (select count(*) from reserved where user_ip = ${ip} and user_agent is not distinct from ${userAgent})
            as from_visitor,
          ${charges} as stored_cents,
          (select coalesce(sum(cents), 0) from reserved) as reserved_cents`,
  );
  return {
    fromAddress: Number(row!.from_address),
    fromVisitor: Number(row!.from_visitor),
    chargedCents: Number(row!.stored_cents) + Number(row!.reserved_cents),
  };
}

/** Holds a place for a new session; answers its id, which the reply's transaction or a failed turn releases. */
export async function reserveNewSession(
  db: Database,
  reservation: { clientId: number; ip: string; userAgent: string | null; cents: number; now: Date },
) {
  const [row] = await db
    .insert(sessionReservations)
    .values({
      clientId: reservation.clientId,
      userIp: reservation.ip,
      userAgent: reservation.userAgent,
      cents: reservation.cents,
      createdAt: reservation.now,
    })
    .returning({ id: sessionReservations.id });
  return row!.id;
}

/** Gives a reservation back (nothing happens when it is already gone). */
export async function releaseSessionReservation(db: Database, id: number) {
  await db.delete(sessionReservations).where(eq(sessionReservations.id, id));
}

/** Forgets the client's reservations that no longer count: their turns ended without releasing them. */
export async function deleteStaleSessionReservations(db: Database, clientId: number, before: Date) {
  await db
    .delete(sessionReservations)
    .where(and(eq(sessionReservations.clientId, clientId), lte(sessionReservations.createdAt, before)));
}
