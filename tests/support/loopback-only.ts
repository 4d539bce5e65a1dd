import dns from "node:dns";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";
import { afterAll, afterEach } from "vitest";

/**
 * Tests never try the internet: a test that reaches a real host passes or fails with the network, and
 * may touch someone else's server. Every connection and name lookup in the test process must stay on
 * this machine; anything else is refused (the caller sees a connection error at once) and fails the
 * test, even when the code under test swallows that error. Reserved names (`.example`, `.test`,
 * `.invalid`, example.com) never exist, so they are answered "not found" here, without asking anyone.
 */
const attempts: string[] = [];

/** What the guard refused since the last call, for a test of the guard itself (it then does not fail). */
export function takeAttempts(): string[] {
  return attempts.splice(0);
}

export function isReservedName(host: string): boolean {
  return /(^|\.)(example|test|invalid)\.?$|(^|\.)example\.(com|net|org)\.?$/i.test(host);
}

export function isLoopback(host: string): boolean {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare.endsWith(".localhost")) return true;
  const v4 = bare.startsWith("::ffff:") ? bare.slice(7) : bare;
  if (net.isIPv4(v4)) return v4.startsWith("127.") || v4 === "0.0.0.0";
  return bare === "::1" || bare === "::";
}

function refusal(what: string) {
  attempts.push(what);
  return Object.assign(new Error(`Tests stay on loopback: refused ${what}.`), { code: "ECONNREFUSED" });
}

function notFound(hostname: string) {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname });
}

type LookupCallback = (
  error: NodeJS.ErrnoException | null,
  address: string | dns.LookupAddress[],
  family?: number,
) => void;
type Lookup = (hostname: string, options: unknown, callback: LookupCallback) => void;

/** A lookup that answers only with loopback addresses: a stub the test gave resolves as it likes, within the machine. */
function loopbackLookup(lookup: Lookup): Lookup {
  return (hostname, options, callback) =>
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
      const outside = addresses.find((entry) => !isLoopback(entry));
      if (outside) return callback(refusal(`a connection to ${hostname} (${outside})`), address, family);
      callback(null, address, family);
    });
}

const originalLookup = dns.lookup as unknown as Lookup;
const guardedLookup = ((hostname: string, options: unknown, callback?: LookupCallback) => {
  const done = (typeof options === "function" ? options : callback) as LookupCallback;
  const lookupOptions = typeof options === "function" ? {} : options;
  if (!isLoopback(hostname) && !net.isIP(hostname)) {
    const error = isReservedName(hostname)
      ? notFound(hostname)
      : Object.assign(refusal(`a name lookup of ${hostname}`), { code: "ENOTFOUND" });
    process.nextTick(() => done(error, ""));
    return;
  }
  originalLookup(hostname, lookupOptions, done);
}) as unknown as typeof dns.lookup;
dns.lookup = guardedLookup;
const originalPromisesLookup = dns.promises.lookup;
dns.promises.lookup = ((hostname: string, options?: dns.LookupOptions) => {
  if (!isLoopback(hostname) && !net.isIP(hostname)) {
    return Promise.reject(
      isReservedName(hostname)
        ? notFound(hostname)
        : Object.assign(refusal(`a name lookup of ${hostname}`), { code: "ENOTFOUND" }),
    );
  }
  return originalPromisesLookup(hostname, options ?? {});
}) as typeof dns.promises.lookup;
syncBuiltinESMExports();

const originalConnect = net.Socket.prototype.connect;
net.Socket.prototype.connect = function connect(this: net.Socket, ...args: unknown[]) {
  // net.connect() hands its normalized [options, callback] pair; a direct call gives options or (port, host).
  const first = Array.isArray(args[0]) ? (args[0] as unknown[])[0] : args[0];
  if (first && typeof first === "object") {
    const options = first as { path?: string; host?: string; lookup?: Lookup };
    if (options.path === undefined) {
      const host = options.host ?? "localhost";
      if (net.isIP(host) ? !isLoopback(host) : false) {
        const error = refusal(`a connection to ${host}`);
        process.nextTick(() => this.destroy(error));
        return this;
      }
      if (!net.isIP(host)) options.lookup = loopbackLookup(options.lookup ?? (dns.lookup as unknown as Lookup));
    }
  } else if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first))) {
    const host = typeof args[1] === "string" ? args[1] : "localhost";
    if (!isLoopback(host)) {
      const error = refusal(`a connection to ${host}`);
      process.nextTick(() => this.destroy(error));
      return this;
    }
  }
  return (originalConnect as (...rest: unknown[]) => net.Socket).apply(this, args);
} as typeof net.Socket.prototype.connect;

function failOnAttempts() {
  if (attempts.length === 0) return;
  const tried = [...new Set(attempts.splice(0))];
  throw new Error(
    `The test tried to leave this machine (use a .example or .test name, or a stand-in on 127.0.0.1):\n${tried.join("\n")}`,
  );
}

afterEach(failOnAttempts);
afterAll(failOnAttempts);
