import { deleteExpiredAuthSessions } from "~/models/auth-session.server.ts";
import { pruneRateLimitEvents } from "~/models/rate-limit.server.ts";
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

/** What the scheduler runs. A new job (billing, retention) is one more entry here. */
export const JOBS: readonly Job[] = [pruneRateLimitEventsJob, deleteExpiredAuthSessionsJob];
