import { createHmac } from "node:crypto";
import { describe, expect, it } from "vitest";
import { MAX_DELIVERY_ATTEMPTS, retryDelayMs } from "./lead-delivery.server.ts";
import { generateWebhookSecret, signWebhook } from "./webhook.server.ts";

describe("the webhook signature", () => {
  it("is the HMAC-SHA256 of the timestamp, a dot and the raw body, in hex after sha256=", () => {
    const body = '{"type":"lead.collected","contact":{"phone":"050-1234567"}}';
    expect(signWebhook("whsec_abc", 1_790_000_000, body)).toBe(
      `sha256=${createHmac("sha256", "whsec_abc").update(`1790000000.${body}`).digest("hex")}`,
    );
    // Another time or one byte more of body is another signature: a replay or an edit is seen.
    expect(signWebhook("whsec_abc", 1_790_000_001, body)).not.toBe(signWebhook("whsec_abc", 1_790_000_000, body));
    expect(signWebhook("whsec_abc", 1_790_000_000, `${body} `)).not.toBe(signWebhook("whsec_abc", 1_790_000_000, body));
  });

  it("uses a fresh 256-bit secret per client", () => {
    const secret = generateWebhookSecret();
    expect(secret).toMatch(/^whsec_[A-Za-z0-9_-]{43}$/);
    expect(generateWebhookSecret()).not.toBe(secret);
  });
});

describe("the retry schedule", () => {
  it("waits 30 s, then four times longer after each failure, at most 6 h, about 15 h in all", () => {
    const delays = Array.from({ length: MAX_DELIVERY_ATTEMPTS - 1 }, (_, index) => retryDelayMs(index + 1) / 1000);
    expect(delays).toEqual([30, 120, 480, 1920, 7680, 21600, 21600]);
    expect(delays.reduce((sum, seconds) => sum + seconds, 0) / 3600).toBeCloseTo(14.84, 2);
  });
});
