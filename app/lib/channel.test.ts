import { describe, expect, it } from "vitest";
import { channelFilter, maskChannelUserId } from "./channel.ts";

describe("channelFilter", () => {
  it.each([undefined, null, "", "all"])("reads %j as every channel", (value) => {
    expect(channelFilter.parse(value)).toBeUndefined();
  });

  it.each(["web", "whatsapp", "telegram"])("keeps %s", (value) => {
    expect(channelFilter.parse(value)).toBe(value);
  });

  it.each(["sms", "WhatsApp", " web", "web,whatsapp"])("refuses %j", (value) => {
    expect(channelFilter.safeParse(value).success).toBe(false);
  });
});

describe("maskChannelUserId", () => {
  it("keeps a phone number's last four digits", () => {
    expect(maskChannelUserId("972501234567")).toBe("••••••••4567");
  });

  it("keeps a Telegram chat id's last four digits", () => {
    expect(maskChannelUserId("5512093347")).toBe("••••••3347");
  });

  it("hides at least half of a short id", () => {
    expect(maskChannelUserId("123456")).toBe("•••456");
    expect(maskChannelUserId("12")).toBe("•2");
  });
});
