import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertClient, insertPerson, PERSON_PASSWORD } from "../../support/factories.ts";
import { decodeToast, languageCookies } from "../../support/http.ts";
import { operatorCookieOn, sessionCookieOn, startServer, type RunningServer } from "../../support/server.ts";
import { visitorConversation } from "../../support/visitor.ts";

/**
 * A business owner answers its visitors' data requests at /portal/privacy: find, export, erase, of
 * its own visitors only, each named in the access log; its staff may not.
 */
const SHARED_PHONE = "050-1234567";
const THEIRS_ONLY = "052-7654321";

let server: RunningServer;
const ours = { id: 0, publicId: "" };
const theirs = { id: 0 };
const cookies = { owner: "", staff: "", otherOwner: "", operator: "" };
const languages = { he: "", en: "" };

beforeAll(async () => {
  server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        const bakery = await insertClient(db, { businessName: "Privacy Bakery" });
        const florist = await insertClient(db, { businessName: "Privacy Florist" });
        ours.id = bakery.id;
        theirs.id = florist.id;
        ours.publicId = (
          await visitorConversation(db, bakery.id, {
            clientName: "Dana",
            phone: SHARED_PHONE,
            email: "dana@visitor.example",
          })
        ).publicId;
        // The same visitor at another business, and one who is only theirs.
        await visitorConversation(db, florist.id, { clientName: "Dana", phone: SHARED_PHONE });
        await visitorConversation(db, florist.id, { clientName: "Avi", phone: THEIRS_ONLY });
        await insertPerson(db, {
          email: "owner@privacy-bakery.example",
          role: "business_owner",
          clientId: bakery.id,
          displayName: "Dana Owner",
        });
        await insertPerson(db, { email: "staff@privacy-bakery.example", role: "business_staff", clientId: bakery.id });
        await insertPerson(db, {
          email: "owner@privacy-florist.example",
          role: "business_owner",
          clientId: florist.id,
        });
      },
    },
  );
  const signIn = (username: string) => sessionCookieOn(server, { username, password: PERSON_PASSWORD });
  cookies.owner = await signIn("owner@privacy-bakery.example");
  cookies.staff = await signIn("staff@privacy-bakery.example");
  cookies.otherOwner = await signIn("owner@privacy-florist.example");
  cookies.operator = await operatorCookieOn(server);
  Object.assign(languages, await languageCookies(server.url));
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

const get = (path: string, cookie = cookies.owner, language: "he" | "en" = "en") =>
  fetch(`${server.url}${path}`, { headers: { Cookie: `${cookie}; ${languages[language]}` }, redirect: "manual" });

const erase = (fields: Record<string, string>, cookie = cookies.owner, language: "he" | "en" = "en") =>
  fetch(`${server.url}/portal/privacy`, {
    method: "POST",
    headers: { Cookie: `${cookie}; ${languages[language]}`, Origin: server.url },
    body: new URLSearchParams({ intent: "erase-visitor", ...fields }),
    redirect: "manual",
  });

const search = (kind: string, q: string) => `?${new URLSearchParams({ kind, q })}`;

/** How many conversations a business's owner finds for a phone number. */
async function sessionsFound(cookie: string, phone: string) {
  const html = await (await get(`/portal/privacy${search("phone", phone)}`, cookie)).text();
  return Number(/Sessions: (\d+)/.exec(html)?.[1] ?? "-1");
}

describe("the portal's visitors' data requests", () => {
  it("find the business's own visitor by phone or e-mail, and the access log names the person", async () => {
    const response = await get(`/portal/privacy${search("phone", SHARED_PHONE)}`);
    expect(response.status).toBe(200);
    const html = await response.text();
    expect(html).toContain("Visitors&#x27;");
    expect(html).toContain("Sessions: 1, messages: 2, images: 1");
    expect(html).toContain(ours.publicId.slice(0, 12));
    expect(await sessionsFound(cookies.owner, THEIRS_ONLY)).toBe(0);
    const byMail = await (await get(`/portal/privacy${search("email", "DANA@visitor.example")}`)).text();
    expect(byMail).toContain("Sessions: 1");
    // The access log is written after the answer: give it a moment.
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = await (await get(`/admin/clients/${ours.id}?tab=access`, cookies.operator)).text();
    expect(log).toContain("Searched a visitor&#x27;s data");
    expect(log).toContain("owner@privacy-bakery.example");
  });

  it("export the business's own visitor as JSON, and nothing of another business's", async () => {
    const response = await get(`/portal/privacy/export${search("phone", SHARED_PHONE)}`);
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Disposition")).toContain(`visitor-data-${ours.id}-`);
    const exported = (await response.json()) as { clientId: number; sessions: { publicId: string }[] };
    expect(exported.clientId).toBe(ours.id);
    expect(exported.sessions.map((session) => session.publicId)).toEqual([ours.publicId]);
    const none = (await (await get(`/portal/privacy/export${search("phone", THEIRS_ONLY)}`)).json()) as {
      sessions: unknown[];
    };
    expect(none.sessions).toEqual([]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = await (await get(`/admin/clients/${ours.id}?tab=access`, cookies.operator)).text();
    expect(log).toContain("Exported a visitor&#x27;s data");
    // The privacy tab's trail names the person too, by the name they chose.
    const trail = await (await get(`/portal/privacy`)).text();
    expect(trail).toContain("by Dana Owner");
  });

  it("refuse a search that is not one with a 4xx in the person's language", async () => {
    const hebrew = await get(`/portal/privacy/export${search("email", "not-an-address")}`, cookies.owner, "he");
    expect(hebrew.status).toBe(400);
    expect(await hebrew.text()).toContain('הזינו כתובת דוא"ל תקינה.');
    const english = await erase({ kind: "phone", q: "12" });
    expect(english.status).toBe(400);
    expect(await english.text()).toContain("Enter a phone number with at least 7 digits.");
  });

  it("refuse the business's staff: no search, no export, no erasure", async () => {
    for (const response of [
      await get(`/portal/privacy${search("phone", SHARED_PHONE)}`, cookies.staff),
      await get(`/portal/privacy/export${search("phone", SHARED_PHONE)}`, cookies.staff),
      await erase({ kind: "phone", q: SHARED_PHONE, confirmed: "yes" }, cookies.staff),
    ]) {
      expect(response.status).toBe(302);
      expect(response.headers.get("Location")).toBe("/portal/forbidden");
    }
    expect(await sessionsFound(cookies.owner, SHARED_PHONE)).toBe(1);
  });

  it("erase nothing of another business's visitor", async () => {
    const response = await erase({ kind: "phone", q: THEIRS_ONLY, confirmed: "yes" });
    expect(response.status).toBe(302);
    const toast = decodeToast(response.headers.getSetCookie().find((cookie) => cookie.startsWith("alex_toast=")));
    expect(toast).toMatchObject({ description: expect.stringContaining("Sessions: 0, messages: 0") });
    expect(await sessionsFound(cookies.otherOwner, THEIRS_ONLY)).toBe(1);
  });

  it("erase the business's own visitor once confirmed, and leave the same visitor at another business", async () => {
    const asked = await erase({ kind: "phone", q: SHARED_PHONE });
    expect(asked.status).toBe(200);
    expect(await asked.text()).toContain("Erase");
    expect(await sessionsFound(cookies.owner, SHARED_PHONE)).toBe(1);
    const erased = await erase({ kind: "phone", q: SHARED_PHONE, confirmed: "yes" });
    expect(erased.status).toBe(302);
    expect(erased.headers.get("Location")).toBe("/portal/privacy");
    expect(await sessionsFound(cookies.owner, SHARED_PHONE)).toBe(0);
    expect(await sessionsFound(cookies.otherOwner, SHARED_PHONE)).toBe(1);
    await new Promise((resolve) => setTimeout(resolve, 300));
    const log = await (await get(`/admin/clients/${ours.id}?tab=access`, cookies.operator)).text();
    expect(log).toContain("Erased a visitor&#x27;s data");
  });
});
