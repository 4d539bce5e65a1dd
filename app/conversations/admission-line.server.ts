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
/**
 * How long a message may wait in the line, its turns together: with its search's second at most
 * (app/assistant/retrieval.server.ts) and storing, a visitor hears a reply or "busy" within 10 s.
 */
const ADMISSION_WAIT_MS = 5_000;
const admissions = createWaitingLine({ atOnce: ADMISSIONS_AT_ONCE, mostWaiting: MOST_WAITING });

/**
 * A message's turns in the line (its address check, then its admission), sharing one wait: together
 * they wait at most ADMISSION_WAIT_MS. A turn is not served when it did not come in time, the line
 * was full, or `signal` (the visitor leaving) aborted first.
 */
export function admissionTurns() {
  let waitedMs = 0;
  return async <T>(work: () => Promise<T>, signal?: AbortSignal) => {
    const asked = Date.now();
    let started: number | undefined;
    const turn = await admissions.take(
      () => {
        started = Date.now();
        return work();
      },
      { waitMs: Math.max(0, ADMISSION_WAIT_MS - waitedMs), signal },
    );
    waitedMs += (started ?? Date.now()) - asked;
    return turn;
  };
}
