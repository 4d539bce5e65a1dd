/** The first wait before the chat tries a message again by itself, and the longest: each wait doubles. */
export const RETRY_FIRST_MS = 2_000;
export const RETRY_LONGEST_MS = 30_000;

/**
 * How long to wait before the `attempt`-th try of its own (0 for the first) after a failure that got
 * no answer at all: soon after a blip, and no more than twice a minute through a long outage.
 */
export const retryDelay = (attempt: number) => Math.min(RETRY_FIRST_MS * 2 ** attempt, RETRY_LONGEST_MS);
