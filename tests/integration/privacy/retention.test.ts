import { randomUUID } from "node:crypto";
import { eq, sql } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/connection.ts";
import {
  chatSessions,
  completedFunctions,
  leadDeliveries,
  messageImages,
  messages,
  messageStatsHourly,
  messageUsageDaily,
} from "#db/schema.ts";
import { retentionJob } from "~/jobs/jobs.server.ts";
import { runJob } from "~/jobs/runner.server.ts";
import { savePrivacySettings } from "~/models/retention.server.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";
import { insertClient } from "../../support/factories.ts";
import { languageCookie, loginAsOperator, postForm, request } from "../../support/http.ts";

const TZ = "Asia/Jerusalem";
const NOW = new Date("2026-11-26T04:00:00+02:00");
const daysAgo = (days: number) => new Date(NOW.getTime() - days * 86_400_000);

describe.each(testDrivers)("the daily retention job, on %s", (driver) => {
  let handle: DatabaseHandle;

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
  });
  afterAll(() => handle.close());

  async function conversation(clientId: number, lastMessageDaysAgo: number, withFunction = false) {
    const at = daysAgo(lastMessageDaysAgo);
    const [session] = await handle.db
      .insert(chatSessions)
      .values({
        publicId: randomUUID(),
        clientId,
        startedAt: at,
        lastMessageAt: at,
        messageCount: 2,
        userIp: "203.0.113.9",
        contactDetails: { clientName: "Dana", phone: "050-1234567" },
      })
      .returning();
    const stored = await handle.db
      .insert(messages)
      .values(
        ["Hello", "Do you deliver?"].map((text) => ({
          sessionId: session!.id,
          clientId,
          userMessage: text,
          aiResponse: "Yes",
          messageType: "conversation" as const,
          costCents: 100,
          createdAt: at,
        })),
      )
      .returning();
    await handle.db.insert(messageImages).values({
      messageId: stored[0]!.id,
      clientId,
      name: "cake.png",
      mime: "image/png",
      size: 3,
      data: Buffer.from("png"),
    });
    if (withFunction) {
      await handle.db.insert(completedFunctions).values({
        clientId,
        sessionId: session!.id,
        functionType: "client_introduction_complete",
        clientDetails: { clientName: "Dana", phone: "050-1234567" },
        completedAt: at,
      });
    }
    return session!.id;
  }

  const rollups = async (clientId: number) => ({
    usage: await handle.db
      .select({ messages: sql<number>`sum(${messageUsageDaily.messages})::int` })
      .from(messageUsageDaily)
      .where(eq(messageUsageDaily.clientId, clientId)),
    stats: await handle.db
      .select({ messages: sql<number>`sum(${messageStatsHourly.messages})::int` })
      .from(messageStatsHourly),
  });

  it("deletes what is past each client's retention, keeps the rest, the functions without details, and the counts", async () => {
    const yearly = await insertClient(handle.db, { businessName: "Yearly" });
    const monthly = await insertClient(handle.db, { businessName: "Monthly" });
    await savePrivacySettings(handle.db, monthly.id, { retentionDays: 30 });
    const oldYearly = await conversation(yearly.id, 400, true);
    const recentYearly = await conversation(yearly.id, 200);
    const oldMonthly = await conversation(monthly.id, 70, true);
    // 40 days before 26 November is in October: the month before, whose bill may not be generated yet.
    const unbilledMonthly = await conversation(monthly.id, 40);
    const before = await rollups(yearly.id);
    const delivery = (createdAt: Date, dedupeKey: string) => ({
      clientId: monthly.id,
      channel: "webhook" as const,
      event: "lead.collected" as const,
      dedupeKey,
      payload: { phone: "050-1234567" },
      createdAt,
    });
    await handle.db.insert(leadDeliveries).values([delivery(daysAgo(70), "old"), delivery(daysAgo(40), "unbilled")]);

    const run = await runJob(handle.db, retentionJob, { now: NOW, timeZone: TZ });
    expect(run).toMatchObject({
      outcome: "succeeded",
      counts: { sessions: 2, messages: 4, images: 2, functionsRedacted: 2 },
    });

    const left = await handle.db.select({ id: chatSessions.id }).from(chatSessions);
    const ids = left.map((row) => row.id);
    expect(ids).not.toContain(oldYearly);
    expect(ids).not.toContain(oldMonthly);
    expect(ids).toEqual(expect.arrayContaining([recentYearly, unbilledMonthly]));
    const functions = await handle.db.select().from(completedFunctions);
    expect(functions).toHaveLength(2);
    for (const kept of functions) {
      expect(kept.clientDetails).toEqual({});
      expect(kept.sessionId).toBeNull();
    }
    expect(await handle.db.select().from(messageImages)).toHaveLength(2);
    expect((await handle.db.select().from(leadDeliveries)).map((row) => row.dedupeKey)).toEqual(["unbilled"]);
    expect(await rollups(yearly.id)).toEqual(before);

    const again = await runJob(handle.db, retentionJob, { now: new Date(NOW.getTime() + 86_400_000), timeZone: TZ });
    expect(again).toMatchObject({ outcome: "succeeded", counts: { sessions: 0, messages: 0 } });
  });

  it("still takes the counts back when messages are deleted any other way", async () => {
    const client = await insertClient(handle.db, { businessName: "Deleted by hand" });
    const session = await conversation(client.id, 1);
    expect((await rollups(client.id)).usage[0]?.messages).toBe(2);
    await handle.db.delete(chatSessions).where(eq(chatSessions.id, session));
    expect((await rollups(client.id)).usage[0]?.messages).toBe(0);
  });
});

describe("the retention setting on the settings page", () => {
  let cookie: string;
  let clientId: number;
  beforeAll(async () => {
    cookie = `${await loginAsOperator()}; ${await languageCookie("he")}`;
    const created = await request("/api/clients", {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({
        businessName: `Retention ${randomUUID().slice(0, 6)}`,
        ownerEmail: "owner@retention.example",
        websiteDomain: "retention.example",
        businessType: "retail",
      }),
    });
    clientId = ((await created.json()) as { id: number }).id;
  });

  it("shows a year, refuses what is out of range in the operator's language, and saves a valid one", async () => {
    const path = `/admin/clients/${clientId}/config`;
    const first = await (await request(path, { headers: { Cookie: cookie } })).text();
    expect(first).toMatch(/name="retentionDays"[^>]*value="365"/);
    // The widget asks the visitor's consent unless the client turns it off.
    expect(first).toMatch(/<input[^>]*name="askConsent"[^>]*checked/);
    for (const value of ["29", "3651", "12.5", "a year", ""]) {
      const refused = await postForm(
        path,
        { intent: "retention", retentionDays: value },
        { headers: { Cookie: cookie } },
      );
      expect(refused.status, value).toBe(400);
      expect(await refused.text()).toContain("מספר שלם של ימים, בין 30 ל-3,650");
    }
    const saved = await postForm(path, { intent: "retention", retentionDays: "90" }, { headers: { Cookie: cookie } });
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(path);
    expect(await (await request(path, { headers: { Cookie: cookie } })).text()).toMatch(
      /name="retentionDays"[^>]*value="90"/,
    );
  });

  it("refuses a policy address that is not http(s), and saves consent off with one", async () => {
    const path = `/admin/clients/${clientId}/config`;
    const page = async () => (await request(path, { headers: { Cookie: cookie } })).text();
    for (const privacyPolicyUrl of ["javascript:alert(1)", "ftp://shop.example/privacy", "not a url"]) {
      const refused = await postForm(
        path,
        { intent: "retention", retentionDays: "365", askConsent: "on", privacyPolicyUrl },
        { headers: { Cookie: cookie } },
      );
      expect(refused.status, privacyPolicyUrl).toBe(400);
      expect(await refused.text()).toContain("כתובת http או https של עד 2,000 תווים");
    }
    const saved = await postForm(
      path,
      { intent: "retention", retentionDays: "365", privacyPolicyUrl: "https://shop.example/privacy" },
      { headers: { Cookie: cookie } },
    );
    expect(saved.status).toBe(302);
    const html = await page();
    expect(html).not.toMatch(/<input[^>]*name="askConsent"[^>]*checked/);
    expect(html).toMatch(/name="privacyPolicyUrl"[^>]*value="https:\/\/shop.example\/privacy"/);
  });
});
