import { lookup } from "node:dns/promises";
import { createServer, request, type Server } from "node:http";
import { connect, type AddressInfo, type TcpNetConnectOpts } from "node:net";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { isLoopback, takeAttempts } from "../support/loopback-only.ts";

/** The guard every Vitest test runs under (tests/support/loopback-only.ts, a setup file). */
describe("tests stay on loopback", () => {
  let server: Server;
  let port: number;

  beforeAll(async () => {
    server = createServer((_request, response) => response.writeHead(204).end());
    await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
    port = (server.address() as AddressInfo).port;
  });

  afterAll(() => {
    server.closeAllConnections();
    server.close();
  });

  /** A stub resolver, answering in the shape Node asks for (`all` when it tries each address in turn). */
  const resolvesTo =
    (address: string) =>
    (
      _host: string,
      options: { all?: boolean },
      callback: (error: null, address: string | { address: string; family: number }[], family?: number) => void,
    ) => (options.all ? callback(null, [{ address, family: 4 }]) : callback(null, address, 4));

  const connectionError = (options: TcpNetConnectOpts) =>
    new Promise<Error | null>((resolve) => {
      const socket = connect(options);
      socket.once("connect", () => {
        socket.destroy();
        resolve(null);
      });
      socket.once("error", resolve);
    });

  it("lets the machine's own servers through, by address, by localhost and by a stub lookup", async () => {
    expect((await fetch(`http://127.0.0.1:${port}/`)).status).toBe(204);
    expect((await fetch(`http://localhost:${port}/`)).status).toBe(204);
    expect(await connectionError({ host: "shop.example", port, lookup: resolvesTo("127.0.0.1") as never })).toBeNull();
    expect(takeAttempts()).toEqual([]);
  });

  it("refuses an address outside the machine at once, and records it so the test fails", async () => {
    const started = Date.now();
    await expect(fetch("http://93.184.215.14/")).rejects.toThrow();
    expect(await connectionError({ host: "10.20.30.40", port: 80 })).toMatchObject({
      message: "Tests stay on loopback: refused a connection to 10.20.30.40.",
    });
    // Node's own client hands the socket options with `path: null`: still a TCP connection, still refused.
    const viaHttp = await new Promise<Error>((resolve) =>
      request("http://192.0.2.10/v1/chat/completions", { method: "POST" }).on("error", resolve).end(),
    );
    expect(viaHttp).toMatchObject({ message: "Tests stay on loopback: refused a connection to 192.0.2.10." });
    expect(Date.now() - started).toBeLessThan(1_000);
    expect(takeAttempts()).toEqual([
      "a connection to 93.184.215.14",
      "a connection to 10.20.30.40",
      "a connection to 192.0.2.10",
    ]);
  });

  it("refuses to look up a real name, and a stub lookup that leads off the machine", async () => {
    await expect(fetch("https://www.wikipedia.org/")).rejects.toThrow();
    await expect(lookup("registry.npmjs.org")).rejects.toMatchObject({ code: "ENOTFOUND" });
    expect(
      await connectionError({ host: "shop.example", port: 80, lookup: resolvesTo("192.0.2.7") as never }),
    ).not.toBeNull();
    expect(takeAttempts()).toEqual([
      "a name lookup of www.wikipedia.org",
      "a name lookup of registry.npmjs.org",
      "a connection to shop.example (192.0.2.7)",
    ]);
  });

  it("answers reserved names as not found without asking anyone, and that is no failure", async () => {
    await expect(lookup("pizza.example")).rejects.toMatchObject({ code: "ENOTFOUND" });
    await expect(fetch("http://simcha-party.example/")).rejects.toThrow();
    await expect(lookup("site.test")).rejects.toMatchObject({ code: "ENOTFOUND" });
    expect(takeAttempts()).toEqual([]);
  });

  it("knows loopback when it sees it", () => {
    for (const host of [
      "127.0.0.1",
      "127.8.9.10",
      "::1",
      "[::1]",
      "localhost",
      "api.localhost",
      "::ffff:127.0.0.1",
      "0.0.0.0",
    ])
      expect(isLoopback(host), host).toBe(true);
    for (const host of [
      "10.0.0.1",
      "192.168.1.1",
      "8.8.8.8",
      "::ffff:10.0.0.1",
      "2001:db8::1",
      "example.com",
      "localhost.evil.example",
    ])
      expect(isLoopback(host), host).toBe(false);
  });
});
