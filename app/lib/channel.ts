import { z } from "zod";
import { CHANNELS } from "#db/vocabulary.ts";

/**
 * A channel filter from a URL: absent, empty and "all" mean every channel; anything else must be a
 * channel of db/vocabulary.ts. The monitor, its APIs and analytics read it the same way.
 */
export const channelFilter = z.preprocess(
  (value) => (value === "" || value === "all" || value === null ? undefined : value),
  z.enum(CHANNELS).optional(),
);

/** How many of a channel user id's last characters stay visible: enough to tell two visitors apart. */
const SHOWN_TAIL = 4;

/**
 * A WhatsApp number or a Telegram chat id with all but its last characters hidden: the monitor
 * tells visitors apart without putting their phone numbers on an operator's screen.
 */
export function maskChannelUserId(id: string) {
  const shown = id.length > SHOWN_TAIL * 2 ? SHOWN_TAIL : Math.floor(id.length / 2);
  return `${"•".repeat(Math.min(id.length - shown, 8))}${id.slice(id.length - shown)}`;
}
