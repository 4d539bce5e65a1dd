import { createWaitingLine } from "~/server/waiting-line.server.ts";

/**
 * Messages this server admits at once (the address limit, then the license, replay and usage checks:
 * the database work before an answer starts); the others wait their turn, at most ADMISSION_WAIT_MS,
 * and past MOST_WAITING are refused at once as busy. A crowd then costs each visitor a short wait
 * instead of slowing every request the server has under way, health checks included
 * (docs/decisions/032-message-admission-line.md). Every way a message arrives shares this one line:
 * the widget's message API (app/conversations/message-api.server.ts) and WhatsApp and Telegram
 * (app/channels/inbound.server.ts).
 */
const ADMISSIONS_AT_ONCE = 8;
const MOST_WAITING = 500;
const ADMISSION_WAIT_MS = 10_000;
const admissions = createWaitingLine({ atOnce: ADMISSIONS_AT_ONCE, mostWaiting: MOST_WAITING });

/**
 * Runs a message's admission work in its turn. Not served when the turn did not come in time, the
 * line was full, or `signal` (the visitor leaving) aborted first.
 */
export const inAdmissionTurn = <T>(work: () => Promise<T>, signal?: AbortSignal) =>
  admissions.take(work, { waitMs: ADMISSION_WAIT_MS, signal });
