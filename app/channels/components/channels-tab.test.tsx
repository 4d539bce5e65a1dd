import type { ReactElement } from "react";
import { describe, expect, it } from "vitest";
import { ChannelsTab } from "./channels-tab.tsx";

/** The cards' keys as React sees them: siblings with one key would be taken for one card. */
function cardKeys(channels: Parameters<typeof ChannelsTab>[0]["channels"]) {
  const tab = ChannelsTab({ clientId: 1, channels, lastResult: undefined, trial: undefined });
  return (tab.props as { children: ReactElement[] }).children.map((card) => card.key);
}

describe("the Channels tab's cards", () => {
  it("have keys of their own, connected or not", () => {
    const none = {
      whatsapp: { webhookUrl: "https://alex.example/api/channels/whatsapp", connection: null },
      telegram: null,
    };
    const [whatsapp, telegram] = cardKeys(none);
    expect(whatsapp).not.toBe(telegram);
    const both = cardKeys({
      whatsapp: {
        ...none.whatsapp,
        connection: { phoneNumberId: "1065403", verifyToken: "v", tokenEnding: "abcd", appSecretEnding: "efgh" },
      },
      telegram: { botId: "70", webhookUrl: "https://alex.example/api/channels/telegram/70", tokenEnding: "wxyz" },
    });
    expect(new Set(both).size).toBe(2);
    // A token saved anew makes a new key, so its card starts with empty fields.
    expect(both[0]).not.toBe(whatsapp);
  });
});
