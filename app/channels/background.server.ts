import { logError } from "~/server/log.server.ts";

/**
 * The work a messaging webhook starts after answering: Meta and Telegram want their 200 at once and
 * retry a slow webhook, so the assistant's reply is written and sent afterwards. The promises are
 * kept so that a shutdown (app/runtime.server.ts stopRuntime) lets them finish before the database closes.
 */
const pending = new Set<Promise<void>>();

export function runAfterAnswer(work: () => Promise<void>, fields: Record<string, unknown>) {
  const running: Promise<void> = work()
    .catch((error: unknown) => logError(error, fields))
    .finally(() => pending.delete(running));
  pending.add(running);
}

/** Waits for every reply under way. */
export async function drainChannelWork() {
  while (pending.size > 0) await Promise.allSettled([...pending]);
}
