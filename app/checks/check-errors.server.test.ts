import { describe, expect, it } from "vitest";
import { BlockedAddressError } from "~/server/safe-fetch.server.ts";
import { CheckTimeoutError, explainCheckError, httpFailure } from "./check-errors.server.ts";

const nodeError = (code: string, message: string, extra: Record<string, unknown> = {}) =>
  Object.assign(new Error(message), { code, ...extra });
const response = (status: number, body: string) => ({
  url: "",
  status,
  ok: false,
  headers: {},
  body: Buffer.from(body),
  text: () => body,
  json: () => JSON.parse(body) as unknown,
});

describe("explainCheckError", () => {
  it.each([
    [nodeError("ENOTFOUND", "getaddrinfo ENOTFOUND shop.example", { hostname: "shop.example" }), "explain.dnsNotFound"],
    [nodeError("EAI_AGAIN", "getaddrinfo EAI_AGAIN shop.example", { hostname: "shop.example" }), "explain.dnsNotFound"],
    [nodeError("ECONNREFUSED", "connect ECONNREFUSED 203.0.113.5:443"), "explain.refused"],
    [nodeError("ECONNRESET", "socket hang up"), "explain.reset"],
    [nodeError("ETIMEDOUT", "connect ETIMEDOUT 203.0.113.5:443"), "explain.connectTimeout"],
    [nodeError("EHOSTUNREACH", "connect EHOSTUNREACH 203.0.113.5:443"), "explain.unreachable"],
    [nodeError("CERT_HAS_EXPIRED", "certificate has expired"), "explain.certificateExpired"],
    [
      nodeError("ERR_TLS_CERT_ALTNAME_INVALID", "Hostname/IP does not match certificate's altnames"),
      "explain.certificateName",
    ],
    [nodeError("DEPTH_ZERO_SELF_SIGNED_CERT", "self-signed certificate"), "explain.certificateUntrusted"],
    [
      nodeError("UNABLE_TO_GET_ISSUER_CERT_LOCALLY", "unable to get local issuer certificate"),
      "explain.certificateUntrusted",
    ],
    [nodeError("CERT_REVOKED", "certificate revoked"), "explain.certificateInvalid"],
    [
      nodeError("ERR_SSL_WRONG_VERSION_NUMBER", "error:0A00010B:SSL routines:ssl3_get_record:wrong version number"),
      "explain.httpOnly",
    ],
    [
      nodeError("EPROTO", "write EPROTO error:0A00010B:SSL routines:ssl3_get_record:wrong version number"),
      "explain.httpOnly",
    ],
    [nodeError("ERR_SSL_SSLV3_ALERT_HANDSHAKE_FAILURE", "sslv3 alert handshake failure"), "explain.tlsFailed"],
    [new CheckTimeoutError(), "errors.timeout"],
    [new SyntaxError("Unexpected token < in JSON"), "errors.notJson"],
    [new Error("something odd"), "explain.unexpected"],
  ])("%s → %s", (error, key) => {
    const explanation = explainCheckError(error);
    expect(explanation.key).toBe(key);
    if (!(error instanceof CheckTimeoutError)) expect(explanation.raw).toContain((error as Error).message);
  });

  it("names the host DNS did not find, and the private address it refused", () => {
    expect(
      explainCheckError(nodeError("ENOTFOUND", "getaddrinfo ENOTFOUND shop.example", { hostname: "shop.example" }))
        .values,
    ).toEqual({ host: "shop.example" });
    expect(explainCheckError(new BlockedAddressError("private", "10.0.0.1"))).toEqual({
      key: "errors.blocked.private",
      values: { host: "10.0.0.1" },
    });
  });
});

describe("httpFailure", () => {
  it.each([
    [401, "explain.httpRefused"],
    [403, "explain.httpRefused"],
    [404, "explain.httpNotFound"],
    [503, "explain.httpServerError"],
    [418, "explain.httpStatus"],
  ])("%i → %s, with the server's message as the raw error", (status, key) => {
    expect(httpFailure(response(status, JSON.stringify({ message: "Nope." })))).toEqual({
      key,
      values: { status },
      raw: `${status}: Nope.`,
    });
  });
});
