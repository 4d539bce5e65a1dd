import type { Database } from "#db/connection.ts";
import type { Language } from "~/i18n/config.ts";
import { findDemoClient } from "~/models/demo-client.server.ts";

/**
 * "Ask Alex" on both investor pages opens the public chat: Alex itself, as the public demo's client
 * (never billed), in the plugin's chat window in the page's language; null while that client is not
 * active, as /minimal-chat-demo then says Alex is unreachable.
 */
export async function investorChatUrl(db: Database, language: Language): Promise<string | null> {
  const demoClient = await findDemoClient(db);
  if (demoClient?.status !== "active") return null;
  return `/api/wordpress/chat-ui?${new URLSearchParams({ license: demoClient.licenseKey, lang: language })}`;
}
