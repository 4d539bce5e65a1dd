import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database, DatabaseHandle } from "#db/connection.ts";
import { chatSessions, clientChannels, sessionHandoffs } from "#db/schema.ts";
import { listQuietChannelSessions } from "~/models/rating.server.ts";
import { loadRatingAnalytics } from "~/ratings/rating-analytics.server.ts";
import { recordRating } from "~/ratings/ratings.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertClient } from "../../support/factories.ts";

/**
 * The ratings' queries on both databases with known rows. "Now" is Thursday 12 March 2026, 12:00 in
 * Jerusalem; its week began on Monday 9 March, the week before on Monday 2 March.
 */
const NOW = new Date("2026-03-12T10:00:00Z");
const TZ = "Asia/Jerusalem";
const minutesAgo = (minutes: number) => new Date(NOW.getTime() - minutes * 60_000);

let counter = 0;
type Spec = {
  channel?: "web" | "whatsapp" | "telegram";
  quietMinutes?: number;
  rated?: [score: number, at: Date];
  askedAt?: Date;
  takenOver?: boolean;
};

async function addSession(db: Database, clientId: number, spec: Spec) {
  const lastMessageAt = minutesAgo(spec.quietMinutes ?? 60);
  const [session] = await db
    .insert(chatSessions)
    .values({
      publicId: `sess_rating_${++counter}`,
      clientId,
      channel: spec.channel ?? "web",
      channelUserId: spec.channel && spec.channel !== "web" ? `user-${counter}` : null,
      startedAt: minutesAgo((spec.quietMinutes ?? 60) + 5),
      lastMessageAt,
      messageCount: 1,
      ratingAskedAt: spec.askedAt ?? null,
    })
    .returning({ id: chatSessions.id, publicId: chatSessions.publicId });
  if (spec.rated)
    await recordRating(db, { id: session!.id, clientId }, { score: spec.rated[0], comment: null }, spec.rated[1]);
  if (spec.takenOver)
    await db.insert(sessionHandoffs).values({ sessionId: session!.id, operatorName: "Noa", action: "take_over" });
  return session!;
}

describe.each(testDrivers)("ratings on %s", (driver) => {
  let handle: DatabaseHandle;
  let db: Database;
  const ids = { patient: 0, quick: 0 };
  const sessions: Record<string, string> = {};

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    db = handle.db;
    const patient = await insertClient(db, { businessName: "Patient Shop", ratingQuietMinutes: 30 });
    const quick = await insertClient(db, { businessName: "Quick Shop", ratingQuietMinutes: 5 });
    Object.assign(ids, { patient: patient.id, quick: quick.id });
    // Patient Shop: 4 this week, 2 last week, one taken over, one unrated of four.
    await addSession(db, patient.id, { rated: [4, minutesAgo(30)] });
    sessions.lastWeek = (await addSession(db, patient.id, { rated: [2, new Date("2026-03-05T10:00:00Z")] })).publicId;
    await addSession(db, patient.id, { takenOver: true });
    await addSession(db, patient.id, {});
    // Quick Shop: 5 and 1 this week.
    await addSession(db, quick.id, { rated: [5, minutesAgo(20)] });
    sessions.worst = (await addSession(db, quick.id, { rated: [1, minutesAgo(10)] })).publicId;
    // Channel sessions for the quiet watch.
    sessions.patientQuiet = (await addSession(db, patient.id, { channel: "whatsapp", quietMinutes: 40 })).publicId;
    await addSession(db, patient.id, { channel: "telegram", quietMinutes: 20 });
    sessions.quickQuiet = (await addSession(db, quick.id, { channel: "telegram", quietMinutes: 6 })).publicId;
    await addSession(db, quick.id, { channel: "telegram", quietMinutes: 6, askedAt: minutesAgo(1) });
    await addSession(db, quick.id, { channel: "whatsapp", quietMinutes: 6, rated: [3, minutesAgo(1)] });
    await addSession(db, quick.id, { channel: "whatsapp", quietMinutes: 3 * 24 * 60 });
    await addSession(db, quick.id, { quietMinutes: 40 });
    // Connected where the question can be sent; a business no longer on WhatsApp is not asked there.
    const connection = { accessTokenEncrypted: "x", webhookSecret: "x" };
    await db.insert(clientChannels).values([
      { clientId: patient.id, channel: "whatsapp", accountId: "patient-wa", ...connection },
      { clientId: quick.id, channel: "telegram", accountId: "quick-tg", ...connection },
      { clientId: quick.id, channel: "whatsapp", accountId: "quick-wa", ...connection, enabled: false },
    ]);
    await addSession(db, quick.id, { channel: "whatsapp", quietMinutes: 40 });
  });

  afterAll(async () => {
    await handle?.close();
  });

  it("finds the channel conversations quiet for their client's minutes, not asked, rated, too old or unconnected", async () => {
    const quiet = await listQuietChannelSessions(db, { now: NOW, since: minutesAgo(24 * 60) });
    expect(quiet.map((session) => session.publicId).sort()).toEqual(
      [sessions.patientQuiet, sessions.quickQuiet].sort(),
    );
  });

  it("gives each client's average, count and share answered alone, per week, and the lowest first", async () => {
    const ratings = await loadRatingAnalytics(db, { start: new Date("2026-03-01T00:00:00Z"), now: NOW, timeZone: TZ });
    const patient = ratings.perClient.find((row) => row.clientId === ids.patient)!;
    expect(patient).toMatchObject({ businessName: "Patient Shop", average: 3, ratings: 2 });
    // Six sessions (four web, two on channels), one taken over.
    expect(patient.alexAlone).toBeCloseTo(5 / 6);
    const quick = ratings.perClient.find((row) => row.clientId === ids.quick)!;
    expect(quick).toMatchObject({ average: 3, ratings: 3 });
    expect(ratings.perWeek).toEqual([
      { week: "2026-03-02", average: 2, ratings: 1 },
      { week: "2026-03-09", average: 13 / 4, ratings: 4 },
    ]);
    expect(ratings.lowest.map((row) => row.rating)).toEqual([1, 2, 3, 4, 5]);
    expect(ratings.lowest.slice(0, 2).map((row) => row.publicId)).toEqual([sessions.worst, sessions.lastWeek]);
  });

  it("keeps the first rating of a conversation and refuses the second", async () => {
    const session = await addSession(db, ids.quick, {});
    expect(await recordRating(db, { id: session.id, clientId: ids.quick }, { score: 3, comment: null }, NOW)).toBe(
      true,
    );
    expect(await recordRating(db, { id: session.id, clientId: ids.quick }, { score: 5, comment: null }, NOW)).toBe(
      false,
    );
    const [stored] = await db
      .select({ rating: chatSessions.rating })
      .from(chatSessions)
      .where(eq(chatSessions.id, session.id));
    expect(stored!.rating).toBe(3);
  });
});
