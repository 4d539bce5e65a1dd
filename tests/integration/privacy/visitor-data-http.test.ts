import { eq } from "drizzle-orm";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accessLog, chatSessions, privacyRequests } from "#db/schema.ts";
import { insertClient } from "../../support/factories.ts";
import { decodeToast } from "../../support/http.ts";
import { inspectEmbeddedDatabase, startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";
import { visitorConversation } from "../../support/visitor.ts";
import { operatorCookies } from "../../support/channel-operator.ts";

/**
 * The Privacy tab over HTTP on a running server: bad searches refused in the operator's language,
 * another client's visitor never found, operators only, the export's download and the erasure's
 * confirmation step, each kept in the audit trail.
 */
let server: RunningServer;
const cookies = { en: "", he: "" };
let clientId = 0;
let foreignSession = "";

beforeAll(async () => {
  server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        const own = await insertClient(db, { businessName: "Privacy Bakery" });
        const other = await insertClient(db, { businessName: "Other Bakery" });
        clientId = own.id;
        await visitorConversation(db, clientId, { clientName: "Dana", phone: "050-1234567" });
        await visitorConversation(db, clientId, { clientName: "Avi", phone: "052-7654321" });
        foreignSession = (await visitorConversation(db, other.id, { clientName: "Dana", phone: "050-1234567" }))
          .publicId;
      },
    },
  );
  Object.assign(cookies, await operatorCookies(server.url));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const exportUrl = (query: Record<string, string>) =>
  `${server.url}/admin/clients/${clientId}/visitor-data/export?${new URLSearchParams(query)}`;
const erase = (fields: Record<string, string>, cookie: string) =>
  fetch(`${server.url}/admin/clients/${clientId}?tab=privacy`, {
    method: "POST",
    body: new URLSearchParams({ intent: "erase-visitor", ...fields }),
    headers: { Cookie: cookie },
    redirect: "manual",
  });

describe("a visitor's data over HTTP", () => {
  const BAD = [
    [{ kind: "phone", q: "" }, "Enter what to search for.", "הזינו מה לחפש."],
    [{ kind: "phone", q: "5".repeat(201) }, "At most 200 characters.", "עד 200 תווים."],
    [
      { kind: "name", q: "Dana" },
      "Choose session id, phone, e-mail or Telegram.",
      'בחרו מזהה שיחה, טלפון, דוא"ל או טלגרם.',
    ],
    [{ kind: "phone", q: "12" }, "at least 7 digits", "7 ספרות לפחות"],
    [{ kind: "email", q: "not-an-address" }, "valid e-mail", 'דוא"ל תקינה'],
    [{ kind: "telegram", q: "@ab" }, "Enter a Telegram chat id", "בטלגרם (ספרות) או שם משתמש"],
    [{ kind: "telegram", q: "not a user" }, "Enter a Telegram chat id", "בטלגרם (ספרות) או שם משתמש"],
  ] as const;

  it.each(BAD)("refuses %j with a 400 in both languages, on export and on erase", async (query, en, he) => {
    for (const [language, text] of [
      ["en", en],
      ["he", he],
    ] as const) {
      const exported = await fetch(exportUrl(query), { headers: { Cookie: cookies[language] } });
      expect(exported.status).toBe(400);
      expect(await exported.text()).toContain(text);
      const erased = await erase({ ...query, confirmed: "yes" }, cookies[language]);
      expect(erased.status).toBe(400);
      expect(await erased.text()).toContain(text.replaceAll('"', "&quot;"));
    }
  });

  it("is for operators only", async () => {
    const exported = await fetch(exportUrl({ kind: "phone", q: "0501234567" }), { redirect: "manual" });
    expect(exported.status).toBe(302);
    expect(exported.headers.get("Location")).toMatch(/^\/login/);
    const erased = await erase({ kind: "phone", q: "0501234567", confirmed: "yes" }, "");
    expect(erased.status).toBe(302);
    expect(erased.headers.get("Location")).toMatch(/^\/login/);
  });

  it("never finds another client's visitor", async () => {
    const exported = await fetch(exportUrl({ kind: "session", q: foreignSession }), {
      headers: { Cookie: cookies.en },
    });
    expect(exported.status).toBe(200);
    expect(await exported.json()).toMatchObject({
      counts: { sessions: 0, messages: 0, images: 0, functions: 0, deliveries: 0 },
    });
    const page = await fetch(
      `${server.url}/admin/clients/${clientId}?${new URLSearchParams({ tab: "privacy", kind: "session", q: foreignSession })}`,
      { headers: { Cookie: cookies.en } },
    );
    expect(await page.text()).toContain("Sessions: 0, messages: 0");
  });

  it("finds by phone, exports a JSON download, asks before erasing, erases, and lists both", async () => {
    const page = await fetch(
      `${server.url}/admin/clients/${clientId}?${new URLSearchParams({ tab: "privacy", kind: "phone", q: "+972 50 123 4567" })}`,
      { headers: { Cookie: cookies.he } },
    );
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("שיחות: 1, הודעות: 2, תמונות: 1");

    const exported = await fetch(exportUrl({ kind: "phone", q: "050-1234567" }), { headers: { Cookie: cookies.en } });
    expect(exported.headers.get("Content-Type")).toContain("application/json");
    expect(exported.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="visitor-data-\d+-[\d-]+\.json"$/,
    );
    expect(exported.headers.get("Cache-Control")).toContain("no-store");
    const body = (await exported.json()) as { sessions: { contactDetails: unknown; userIp: string }[] };
    expect(body.sessions).toHaveLength(1);
    expect(body.sessions[0]).toMatchObject({ contactDetails: { phone: "050-1234567" }, userIp: "203.0.113.9" });

    const asked = await erase({ kind: "phone", q: "050-1234567" }, cookies.en);
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Erase this visitor&#x27;s data?");

    const erased = await erase({ kind: "phone", q: "050-1234567", confirmed: "yes" }, cookies.en);
    expect(erased.status).toBe(302);
    expect(erased.headers.get("Location")).toBe(`/admin/clients/${clientId}?tab=privacy`);
    expect(decodeToast(erased.headers.getSetCookie().find((value) => value.startsWith("alex_toast=")))).toMatchObject({
      message: "Visitor's data erased",
    });

    const tab = await (
      await fetch(`${server.url}/admin/clients/${clientId}?tab=privacy`, { headers: { Cookie: cookies.en } })
    )
      .text()
      .then((html) => html.replaceAll("<!-- -->", ""));
    expect(tab).toContain("Erasure · Phone");
    expect(tab).toContain("Export · Phone");
    expect(tab).toContain("•••567");
  });

  it("left the other visitors, wrote no visitor's data into the audit trail, and logged each look", async () => {
    await server.stop({ keepData: true });
    const { sessions, audit, accesses } = await inspectEmbeddedDatabase(server.dataDir, async (db) => ({
      sessions: await db.select().from(chatSessions),
      audit: await db.select().from(privacyRequests).where(eq(privacyRequests.clientId, clientId)),
      accesses: await db.select().from(accessLog).where(eq(accessLog.clientId, clientId)),
    }));
    const phones = sessions.map((session) => session.contactDetails.phone);
    expect(phones).toEqual(expect.arrayContaining(["052-7654321", "050-1234567"]));
    expect(sessions.filter((session) => session.clientId === clientId)).toHaveLength(1);
    expect(audit.map((row) => row.action).sort()).toEqual(["erase", "export", "export"]);
    expect(JSON.stringify(audit)).not.toContain("1234567");

    // Two searches (the foreign session's and the phone's), two exports and one erasure: the refused
    // searches and the erasure's confirmation step logged nothing.
    expect(accesses.map((row) => row.action).sort()).toEqual([
      "erase_visitor_data",
      "export_visitor_data",
      "export_visitor_data",
      "view_visitor_data",
      "view_visitor_data",
    ]);
    expect(accesses.find((row) => row.action === "export_visitor_data" && row.sessionId)?.sessionId).toBe(
      foreignSession,
    );
    for (const row of accesses) {
      expect(row.operatorName).toBe(TEST_ADMIN.username);
      expect(row.address).toMatch(/\d|:/);
    }
  });
});
