import type { Database } from "#db/connection.ts";
import type { Language } from "~/i18n/config.ts";
import { findProviderDemoClient } from "~/models/client.server.ts";

/**
 * "Ask the agent": the English page opens the chat monitor; the Hebrew page opens Alex itself,
 * as the provider's own client, in the plugin's chat window (null while there is no such client).
 */
export async function investorChatUrl(db: Database, language: Language): Promise<string | null> {
  if (language === "en") return "/admin/chat-sessions";
  const demoClient = await findProviderDemoClient(db);
  return demoClient ? `/api/wordpress/chat-ui?${new URLSearchParams({ license: demoClient.licenseKey })}` : null;
}
