import { describe, expect, it } from "vitest";
import { normalizeAddress } from "./address.ts";

describe("normalizeAddress", () => {
  it("writes an IPv4-mapped IPv6 address as the IPv4 address it is", () => {
    expect(normalizeAddress("::ffff:127.0.0.1")).toBe("127.0.0.1");
    expect(normalizeAddress("::FFFF:203.0.113.9")).toBe("203.0.113.9");
  });

  it("leaves IPv4, real IPv6 and anything else as they are", () => {
    expect(normalizeAddress("198.51.100.4")).toBe("198.51.100.4");
    expect(normalizeAddress("::1")).toBe("::1");
    expect(normalizeAddress("2001:db8::ffff:1.2.3.4")).toBe("2001:db8::ffff:1.2.3.4");
    expect(normalizeAddress("unknown")).toBe("unknown");
  });
});
