import { describe, expect, it } from "vitest";
import { telegramAccountIdSchema, telegramUpdateSchema, whatsappWebhookSchema } from "./webhook-schema.ts";

describe("the webhooks' schemas", () => {
  it("reads a WhatsApp message and a status update, dropping fields Meta adds", () => {
    const value = {
      metadata: { phone_number_id: "106540352242922", display_phone_number: "15550783881" },
      messages: [{ from: "972501234567", id: "wamid.1", type: "text", text: { body: "hi" }, timestamp: "1" }],
    };
    const parsed = whatsappWebhookSchema.parse({
      object: "whatsapp_business_account",
      entry: [{ changes: [{ value }] }],
    });
    expect(parsed.entry[0]!.changes[0]!.value.messages![0]).toEqual({
      from: "972501234567",
      id: "wamid.1",
      type: "text",
      text: { body: "hi" },
    });
    const status = { metadata: { phone_number_id: "1" }, statuses: [{ id: "wamid.1", status: "read" }] };
    expect(whatsappWebhookSchema.safeParse({ object: "x", entry: [{ changes: [{ value: status }] }] }).success).toBe(
      true,
    );
  });

  it("refuses a sender that is not a number and an empty entry list", () => {
    const value = { metadata: { phone_number_id: "1" }, messages: [{ from: "+972 50", id: "w", type: "text" }] };
    expect(whatsappWebhookSchema.safeParse({ object: "x", entry: [{ changes: [{ value }] }] }).success).toBe(false);
    expect(whatsappWebhookSchema.safeParse({ object: "x", entry: [] }).success).toBe(false);
  });

  it("reads a Telegram update and a bot id", () => {
    expect(telegramUpdateSchema.parse({ update_id: 5, message: { chat: { id: -100 }, text: "/start" } })).toEqual({
      update_id: 5,
      message: { chat: { id: -100 }, text: "/start" },
    });
    expect(telegramUpdateSchema.safeParse({ update_id: "5" }).success).toBe(false);
    expect(telegramAccountIdSchema.safeParse("7012345678").success).toBe(true);
    expect(telegramAccountIdSchema.safeParse("7012345678:AAH").success).toBe(false);
  });
});
