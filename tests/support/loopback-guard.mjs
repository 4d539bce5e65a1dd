import dns from "node:dns";
import { syncBuiltinESMExports } from "node:module";
import net from "node:net";

/*
 * Tests never try the internet: a test that reaches a real host passes or fails with the network, and
 * may touch someone else's server. Once installed, every connection and name lookup of the process must
 * stay on this machine; anything else is refused (the caller sees a connection error at once) and
 * reported. Reserved names (`.example`, `.test`, `.invalid`, example.com) never exist, so they are
 * answered "not found" here, without asking anyone. Plain JavaScript (typed by loopback-guard.d.mts), so
 * an app server can load it with `--import` as well: the test process installs it through
 * tests/support/loopback-only.ts, the app servers tests start through tests/support/loopback-guard-process.mjs.
 */
let report = () => {};
const REFUSAL_MARK = "[loopback guard] refused";
let installed = false;
function isReservedName(host) {
  return /(^|\.)(example|test|invalid)\.?$|(^|\.)example\.(com|net|org)\.?$/i.test(host);
}
function isLoopback(host) {
  const bare = host.replace(/^\[|\]$/g, "").toLowerCase();
  if (bare === "localhost" || bare.endsWith(".localhost")) return true;
  const v4 = bare.startsWith("::ffff:") ? bare.slice(7) : bare;
  if (net.isIPv4(v4)) return v4.startsWith("127.") || v4 === "0.0.0.0";
  return bare === "::1" || bare === "::";
}
function refusal(what) {
  report(what);
  return Object.assign(new Error(`Tests stay on loopback: refused ${what}.`), { code: "ECONNREFUSED" });
}
function notFound(hostname) {
  return Object.assign(new Error(`getaddrinfo ENOTFOUND ${hostname}`), { code: "ENOTFOUND", hostname });
}
function loopbackLookup(lookup) {
  return (hostname, options, callback) =>
    lookup(hostname, options, (error, address, family) => {
      if (error) return callback(error, address, family);
      const addresses = Array.isArray(address) ? address.map((entry) => entry.address) : [address];
      const outside = addresses.find((entry) => !isLoopback(entry));
      if (outside) return callback(refusal(`a connection to ${hostname} (${outside})`), address, family);
      callback(null, address, family);
    });
}
function installLoopbackGuard(onRefusal) {
  report = onRefusal;
  if (installed) return;
  installed = true;
  const originalLookup = dns.lookup;
  const guardedLookup = (hostname, options, callback) => {
    const done = typeof options === "function" ? options : callback;
    const lookupOptions = typeof options === "function" ? {} : options;
    if (!isLoopback(hostname) && !net.isIP(hostname)) {
      const error = isReservedName(hostname)
        ? notFound(hostname)
        : Object.assign(refusal(`a name lookup of ${hostname}`), { code: "ENOTFOUND" });
      process.nextTick(() => done(error, ""));
      return;
    }
    originalLookup(hostname, lookupOptions, done);
  };
  dns.lookup = guardedLookup;
  const originalPromisesLookup = dns.promises.lookup;
  dns.promises.lookup = (hostname, options) => {
    if (!isLoopback(hostname) && !net.isIP(hostname)) {
      return Promise.reject(
        isReservedName(hostname)
          ? notFound(hostname)
          : Object.assign(refusal(`a name lookup of ${hostname}`), { code: "ENOTFOUND" }),
      );
    }
    return originalPromisesLookup(hostname, options ?? {});
  };
  syncBuiltinESMExports();
  const originalConnect = net.Socket.prototype.connect;
  net.Socket.prototype.connect = function connect(...args) {
    const first = Array.isArray(args[0]) ? args[0][0] : args[0];
    if (first && typeof first === "object") {
      const options = first;
      if (options.path == null) {
        const host = options.host ?? "localhost";
        if (net.isIP(host) ? !isLoopback(host) : false) {
          const error = refusal(`a connection to ${host}`);
          process.nextTick(() => this.destroy(error));
          return this;
        }
        if (!net.isIP(host)) options.lookup = loopbackLookup(options.lookup ?? dns.lookup);
      }
    } else if (typeof first === "number" || (typeof first === "string" && /^\d+$/.test(first))) {
      const host = typeof args[1] === "string" ? args[1] : "localhost";
      if (!isLoopback(host)) {
        const error = refusal(`a connection to ${host}`);
        process.nextTick(() => this.destroy(error));
        return this;
      }
    }
    return originalConnect.apply(this, args);
  };
}
export { REFUSAL_MARK, installLoopbackGuard, isLoopback, isReservedName };
