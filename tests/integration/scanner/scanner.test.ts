import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { clients } from "#db/schema.ts";
import { listKnowledgeEntries } from "~/models/knowledge-entry.server.ts";
import { scanUrl, scanUrls } from "~/scanner/scan.server.ts";
import { fetchPage } from "~/scanner/fetch-page.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { startTestSite, type TestSite } from "../../support/test-site.ts";

let site: TestSite;
beforeAll(async () => {
  site = await startTestSite();
});
afterAll(() => site.close());

const allowLocal = { allowHosts: ["127.0.0.1"] };

describe("fetchPage", () => {
  it("refuses loopback, private and link-local addresses unless the host is allowed", async () => {
    expect(await fetchPage(`${site.url}/en`, { allowHosts: [], accept: ["text/html"] })).toEqual({
      ok: false,
      failure: "blockedAddress",
    });
    expect(await fetchPage("http://10.0.0.1/", { allowHosts: [], accept: ["text/html"] })).toEqual({
      ok: false,
      failure: "blockedAddress",
    });
    expect(await fetchPage("http://[::ffff:127.0.0.1]/", { allowHosts: [], accept: ["text/html"] })).toEqual({
      ok: false,
      failure: "blockedAddress",
    });
    expect(await fetchPage("http://[fe80::1]/", { allowHosts: [], accept: ["text/html"] })).toEqual({
      ok: false,
      failure: "blockedAddress",
    });
    // localhost is a name: refused after DNS resolution.
    const port = new URL(site.url).port;
    expect(await fetchPage(`http://localhost:${port}/en`, { allowHosts: [], accept: ["text/html"] })).toEqual({
      ok: false,
      failure: "blockedAddress",
    });
    expect((await fetchPage(`${site.url}/en`, { ...allowLocal, accept: ["text/html"] })).ok).toBe(true);
  });

  it("opens a connection of its own for every fetch: an allowed fetch leaves no socket for a refused one", async () => {
    const port = new URL(site.url).port;
    const local = `http://localhost:${port}/en`;
    expect((await fetchPage(local, { allowHosts: ["localhost"], accept: ["text/html"] })).ok).toBe(true);
    // A pooled keep-alive socket would skip the address check (it runs when a connection is made), and a
    // site that closes its idle socket as the next fetch takes it would fail that fetch.
    expect(await fetchPage(local, { allowHosts: [], accept: ["text/html"] })).toEqual({
      ok: false,
      failure: "blockedAddress",
    });
  });

  it("checks every redirect: a hop to a private address is refused, a hop within the allowed site followed", async () => {
    expect(await fetchPage(`${site.url}/to-private`, { ...allowLocal, accept: ["text/html"] })).toEqual({
      ok: false,
      failure: "blockedAddress",
    });
    expect(await fetchPage(`${site.url}/to-metadata`, { ...allowLocal, accept: ["text/html"] })).toEqual({
      ok: false,
      failure: "blockedAddress",
    });
    const moved = await fetchPage(`${site.url}/moved`, { ...allowLocal, accept: ["text/html"] });
    expect(moved.ok && moved.url).toBe(`${site.url}/en`);
    expect(await fetchPage(`${site.url}/loop`, { ...allowLocal, accept: ["text/html"] })).toEqual({
      ok: false,
      failure: "tooManyRedirects",
    });
  });

  it("takes HTML only, at most 2 MB, within the deadline", async () => {
    expect(await fetchPage(`${site.url}/brochure.pdf`, { ...allowLocal, accept: ["text/html"] })).toEqual({
      ok: false,
      failure: "wrongType",
    });
    expect(await fetchPage(`${site.url}/huge`, { ...allowLocal, accept: ["text/html"] })).toEqual({
      ok: false,
      failure: "tooLarge",
    });
    const started = Date.now();
    expect(
      await fetchPage(`${site.url}/slow`, { ...allowLocal, accept: ["text/html"], limits: { timeoutMs: 300 } }),
    ).toEqual({ ok: false, failure: "timeout" });
    expect(Date.now() - started).toBeLessThan(3000);
    expect(await fetchPage(`${site.url}/missing`, { ...allowLocal, accept: ["text/html"] })).toEqual({
      ok: false,
      failure: "httpStatus",
      status: 404,
    });
    expect(await fetchPage("ftp://example.com/", { ...allowLocal, accept: ["text/html"] })).toEqual({
      ok: false,
      failure: "invalidUrl",
    });
  });
});

describe.each(testDrivers)("scanning into the knowledge base (%s)", (driver) => {
  it("stores each page's topics with its URL, replaces them on a re-scan, and answers URL by URL", async () => {
    const handle = await openTestDatabase(driver);
    try {
      const { db } = handle;
      const [client] = await db
        .insert(clients)
        .values({
          businessName: "Harbor Dental",
          ownerEmail: "o@example.com",
          websiteDomain: "example.com",
          businessType: "services",
          licenseKey: "alex_scan_test",
        })
        .returning();
      const results = await scanUrls(
        db,
        client!.id,
        [`${site.url}/en`, `${site.url}/to-private`, `${site.url}/he`, `${site.url}/empty`],
        allowLocal,
      );
      expect(results.map((result) => [result.url.replace(site.url, ""), result.success])).toEqual([
        ["/en", true],
        ["/to-private", false],
        ["/he", true],
        ["/empty", false],
      ]);
      expect(results[3]).toMatchObject({ success: false, failure: "noContent" });

      const entries = await listKnowledgeEntries(db, client!.id, "scan");
      expect(entries.map((entry) => [entry.topic, entry.sourceUrl?.replace(site.url, "")])).toEqual([
        ["Harbor Dental Clinic", "/en"],
        ["Opening hours", "/en"],
        ["Teeth whitening", "/en"],
        ["מרפאת שיניים הנמל", "/he"],
        ["שעות פתיחה", "/he"],
        ["הלבנת שיניים", "/he"],
      ]);
      expect(entries[5]!.content).toBe('ביקור אחד, 90 דקות, 1,200 ש"ח.');

      await scanUrl(db, client!.id, `${site.url}/en`, allowLocal);
      const again = await listKnowledgeEntries(db, client!.id, "scan");
      expect(again).toHaveLength(6);
      expect(again.filter((entry) => entry.sourceUrl === `${site.url}/en`)).toHaveLength(3);
    } finally {
      await handle.close();
    }
  });

  it("stores a page holding NUL and other control characters, cleaned like every typed field", async () => {
    const handle = await openTestDatabase(driver);
    try {
      const { db } = handle;
      const [client] = await db
        .insert(clients)
        .values({
          businessName: "Harbor Dental",
          ownerEmail: "o@example.com",
          websiteDomain: "example.com",
          businessType: "services",
          licenseKey: "alex_scan_nul",
        })
        .returning();
      const result = await scanUrl(db, client!.id, `${site.url}/controls`, allowLocal);
      expect(result).toMatchObject({
        success: true,
        topics: [{ topic: "Opening hours", content: "Sunday to Thursday, 8:00 to 18:00." }],
      });
      const entries = await listKnowledgeEntries(db, client!.id, "scan");
      expect(entries.map(({ topic, content }) => ({ topic, content }))).toEqual([
        { topic: "Opening hours", content: "Sunday to Thursday, 8:00 to 18:00." },
      ]);
    } finally {
      await handle.close();
    }
  });
});
