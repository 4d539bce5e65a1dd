import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import {
  BlockedAddressError,
  checkAddress,
  isPrivateAddress,
  ResponseTooLargeError,
  safeFetch,
  UnexpectedContentTypeError,
} from "./safe-fetch.server.ts";

describe("isPrivateAddress", () => {
  it.each([
    "127.0.0.1",
    "10.1.2.3",
    "172.31.0.1",
    "192.168.1.1",
    "169.254.169.254",
    "100.64.0.1",
    "0.0.0.0",
    "::1",
    "::",
    "fd00::1",
    "fe80::1",
    "::ffff:127.0.0.1",
    "::ffff:10.0.0.1",
    "not an address",
  ])("%s is private", (address) => expect(isPrivateAddress(address)).toBe(true));
  it.each(["8.8.8.8", "1.1.1.1", "172.32.0.1", "2606:4700::1111", "::ffff:8.8.8.8"])("%s is public", (address) =>
    expect(isPrivateAddress(address)).toBe(false),
  );
});

describe("checkAddress", () => {
  it("refuses other schemes, credentials and private literals unless allowed", () => {
    expect(() => checkAddress("file:///etc/passwd", [])).toThrow(expect.objectContaining({ reason: "scheme" }));
    expect(() => checkAddress("http://user:pw@example.com/", [])).toThrow(
      expect.objectContaining({ reason: "credentials" }),
    );
    expect(() => checkAddress("http://127.0.0.1:8080/", [])).toThrow(expect.objectContaining({ reason: "private" }));
    expect(() => checkAddress("http://[::1]/", [])).toThrow(BlockedAddressError);
    expect(checkAddress("http://127.0.0.1:8080/", ["127.0.0.1"]).host).toBe("127.0.0.1:8080");
    expect(checkAddress("http://127.0.0.1:8080/", ["127.0.0.1:8080"]).host).toBe("127.0.0.1:8080");
    expect(() => checkAddress("http://127.0.0.1:8081/", ["127.0.0.1:8080"])).toThrow(BlockedAddressError);
    expect(checkAddress("https://example.com/", []).hostname).toBe("example.com");
  });
});

describe("safeFetch", () => {
  let server: Server;
  let base: string;
  let host: string;
  beforeAll(async () => {
    server = createServer((request, response) => {
      if (request.url === "/redirect-private") {
        response.writeHead(302, { Location: "http://10.0.0.1/" }).end();
      } else if (request.url === "/redirect-local") {
        response.writeHead(302, { Location: "/echo" }).end();
      } else if (request.url === "/missing") {
        response.writeHead(404, { "Content-Type": "text/plain" }).end("no such page");
      } else if (request.url === "/big") {
        response.writeHead(200).end("x".repeat(2000));
      } else {
        response
          .writeHead(200, { "Content-Type": "application/json" })
          .end(JSON.stringify({ method: request.method, path: request.url }));
      }
    });
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    host = `127.0.0.1:${(server.address() as AddressInfo).port}`;
    base = `http://${host}`;
  });
  afterAll(() => new Promise((resolve) => server.close(resolve)));
  const signal = () => AbortSignal.timeout(5000);

  it("refuses a private host by name too (localhost resolves to a loopback address)", async () => {
    const port = (server.address() as AddressInfo).port;
    await expect(safeFetch(`http://localhost:${port}/echo`, { signal: signal(), allowHosts: [] })).rejects.toThrow(
      BlockedAddressError,
    );
  });

  it("opens a connection of its own for every request: an allowed one leaves no socket for a refused one", async () => {
    const local = `http://localhost:${(server.address() as AddressInfo).port}/echo`;
    expect((await safeFetch(local, { signal: signal(), allowHosts: ["localhost"] })).status).toBe(200);
    await expect(safeFetch(local, { signal: signal(), allowHosts: [] })).rejects.toThrow(BlockedAddressError);
  });

  it("reaches an allowed private host, follows a redirect and checks where it leads", async () => {
    const answer = await safeFetch(`${base}/redirect-local`, { signal: signal(), allowHosts: [host] });
    expect(answer).toMatchObject({ status: 200, ok: true, url: `${base}/echo` });
    expect(answer.json()).toEqual({ method: "GET", path: "/echo" });
    await expect(safeFetch(`${base}/redirect-private`, { signal: signal(), allowHosts: [host] })).rejects.toThrow(
      BlockedAddressError,
    );
  });

  it("caps the body", async () => {
    await expect(safeFetch(`${base}/big`, { signal: signal(), allowHosts: [host], maxBytes: 1000 })).rejects.toThrow(
      ResponseTooLargeError,
    );
  });

  it("takes only the media types it accepts", async () => {
    const json = await safeFetch(`${base}/echo`, {
      signal: signal(),
      allowHosts: [host],
      accept: ["text/html", "application/json"],
    });
    expect(json.json()).toEqual({ method: "GET", path: "/echo" });
    await expect(
      safeFetch(`${base}/echo`, { signal: signal(), allowHosts: [host], accept: ["text/html"] }),
    ).rejects.toThrow(UnexpectedContentTypeError);
    // An error page is answered whatever its type: the caller tells its status.
    const missing = await safeFetch(`${base}/missing`, { signal: signal(), allowHosts: [host], accept: ["text/html"] });
    expect(missing).toMatchObject({ status: 404, ok: false });
    expect(missing.text()).toBe("no such page");
  });
});
