import { describe, expect, it } from "vitest";
import { visitorMessageSchema } from "./message-schema.ts";

describe("the message API's consent field", () => {
  const message = {
    license: "alex_test",
    clientMessageId: "0b7c4a4e-2f5d-4d8e-9a51-3c8f7e2b1d60",
    message: "050-1234567",
  };

  it("is optional and, when sent, only ever true", () => {
    expect(visitorMessageSchema.parse(message).consent).toBeUndefined();
    expect(visitorMessageSchema.parse({ ...message, consent: true }).consent).toBe(true);
    for (const consent of [false, "yes", "true", 1, null])
      expect(visitorMessageSchema.safeParse({ ...message, consent }).success).toBe(false);
  });
});
