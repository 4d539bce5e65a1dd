import { generateBills, markOverdueBills } from "~/billing/billing.server.ts";
import { periodOf, shiftPeriod } from "~/billing/periods.ts";
import { chargeDueRenewals, type CardRenewalConfig } from "~/payments/card-renewals.server.ts";
import { pruneAccessLog } from "~/models/access-log.server.ts";
import { deleteExpiredAuthSessions } from "~/models/auth-session.server.ts";
import { pruneRateLimitEvents } from "~/models/rate-limit.server.ts";
import { accessLogCutoff } from "~/privacy/access-log.server.ts";
import { applyRetention } from "~/privacy/retention.server.ts";
import { RATE_LIMIT_RETENTION_MS } from "~/server/rate-limit.server.ts";
import type { Job } from "./job.ts";

/** Every failed login and form post adds a row; without this the table grows forever. */
export const pruneRateLimitEventsJob: Job = {
  name: "prune-rate-limit-events",
  schedule: { every: "hour", minute: 5 },
  run: async ({ db, now }) => ({
    deleted: await pruneRateLimitEvents(db, new Date(now.getTime() - RATE_LIMIT_RETENTION_MS)),
  }),
};

/** An expired session already lets no one in; its row is only clutter. */
export const deleteExpiredAuthSessionsJob: Job = {
  name: "delete-expired-auth-sessions",
  schedule: { every: "day", hour: 3, minute: 30 },
  run: async ({ db, now }) => ({ deleted: await deleteExpiredAuthSessions(db, now) }),
};

/**
 * Bills the month that just ended and marks unpaid bills overdue once past due. Daily rather than
 * monthly: generation is idempotent, so the days after the 1st only pick up a month a stopped server
 * missed (and late usage of a still unpaid month), and overdue bills turn overdue on their day.
 */
export const monthlyBillingJob: Job = {
  name: "monthly-billing",
  schedule: { every: "day", hour: 0, minute: 15 },
  run: async ({ db, now, timeZone }) => {
    const generated = await generateBills(db, { period: shiftPeriod(periodOf(now, timeZone), -1), timeZone, now });
    return { ...generated, overdue: await markOverdueBills(db, { timeZone, now }) };
  },
};

/**
 * Deletes the conversations each client keeps no longer (their retention, a year unless set), keeping
 * bills, completed functions without contact details, and the usage and analytics counts. What each
 * run removed is its `job_runs` counts.
 */
export const retentionJob: Job = {
  name: "conversation-retention",
  schedule: { every: "day", hour: 4, minute: 0 },
  run: async ({ db, now, timeZone }) => applyRetention(db, { now, timeZone }),
};

/** The access log is kept 24 months (app/privacy/access-log.server.ts), no longer. */
export const pruneAccessLogJob: Job = {
  name: "prune-access-log",
  schedule: { every: "day", hour: 4, minute: 30 },
  run: async ({ db, now }) => ({ deleted: await pruneAccessLog(db, accessLogCutoff(now)) }),
};

/**
 * Charges the month's bills to the cards saved at Cardcom, and retries declined ones after 1, 3 and 7
 * days (app/payments/card-renewals.server.ts). Runs in the morning, after the night's billing made
 * the bills; only when Cardcom is configured.
 */
export const cardRenewalJob = (config: CardRenewalConfig): Job => ({
  name: "card-renewals",
  schedule: { every: "day", hour: 9, minute: 0 },
  run: ({ db, now, timeZone }) => chargeDueRenewals(db, config, { now, timeZone }),
});

/** What the scheduler runs. */
export const JOBS: readonly Job[] = [
  pruneRateLimitEventsJob,
  deleteExpiredAuthSessionsJob,
  monthlyBillingJob,
  retentionJob,
  pruneAccessLogJob,
];
