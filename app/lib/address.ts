/**
 * A server listening on both IPv4 and IPv6 sees an IPv4 visitor as "::ffff:127.0.0.1" (an
 * IPv4-mapped IPv6 address). Operators know the address as 127.0.0.1, and one visitor must
 * not count as two for the rate limits, so the address is recorded, and shown, in its IPv4 form.
 */
export function normalizeAddress(address: string): string {
  const mapped = /^::ffff:(\d{1,3}(?:\.\d{1,3}){3})$/i.exec(address);
  return mapped ? mapped[1]! : address;
}
