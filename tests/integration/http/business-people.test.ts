import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { insertClient, insertPerson, PERSON_PASSWORD } from "../../support/factories.ts";
import { addressedRequests } from "../../support/addressed-requests.ts";
import { mailTo as mailToOf, startMailbox, type Mailbox } from "../../support/mailbox.ts";
import { sessionCookieOn, startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";

/**
 * A business's own people through a running server with a local SMTP stand-in: an operator invites the
 * business's owner from its client page (the e-mail names the business), the owner joins and lands in
 * the portal, invites staff there; each group's changes reach its own people only, and a business's
 * person is kept to its portal.
 */
let server: RunningServer;
let smtp: Mailbox;
const mails: ParsedMail[] = [];
let bakery = 0;
let operator = "";
let floristOwnerId = 0;

const { send, post } = addressedRequests(() => server.url);
const mailTo = (address: string) => mailToOf(mails, address);

/** Accepts the invitation a mail carries; answers the new person's session cookie and where they landed. */
async function join(mail: ParsedMail, displayName: string) {
  const link = /https?:\/\/[^\s]+\/invite\/([A-Za-z0-9_-]{43})\?lng=(en|he)/.exec(mail.text ?? "");
  if (!link) throw new Error(`no invitation link in: ${mail.text}`);
  const response = await post(`/invite/${link[1]}`, "", {
    displayName,
    password: "a-new-business-password",
    confirmPassword: "a-new-business-password",
  });
  const cookie = response.headers
    .getSetCookie()
    .find((value) => value.startsWith("alex_session="))
    ?.split(";")[0];
  return { status: response.status, location: response.headers.get("Location"), cookie: cookie ?? "" };
}

/** A person's id as a people page's row posts it. */
async function memberId(path: string, cookie: string, email: string) {
  const html = await (await send(path, { cookie })).text();
  const card = html.split("<tr").find((part) => part.includes(`>${email}</p>`));
  const id = /name="operatorId" value="(\d+)"/.exec(card ?? "")?.[1];
  if (!id) throw new Error(`${email} is not on ${path}`);
  return id;
}

beforeAll(async () => {
  smtp = await startMailbox(mails);
  server = await startServer(
    { SMTP_URL: smtp.url, MAIL_FROM: "Alex <alex@alex.example>" },
    {
      prepareDatabase: async (db) => {
        bakery = (await insertClient(db, { businessName: "Crumb Bakery" })).id;
        const florist = (await insertClient(db, { businessName: "Petal Florist" })).id;
        floristOwnerId = (
          await insertPerson(db, { email: "owner@petal.example", role: "business_owner", clientId: florist })
        ).id;
      },
    },
  );
  operator = await sessionCookieOn(server, TEST_ADMIN);
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("a business's people", () => {
  let owner = "";

  it("are invited by an operator from the client page, by an e-mail that names the business", async () => {
    const page = await send(`/admin/clients/${bakery}?lng=en`, { cookie: operator });
    expect(await page.text()).toContain(`href="/admin/clients/${bakery}/people"`);
    const invite = await post(`/admin/clients/${bakery}/people?lng=en`, operator, {
      intent: "invite",
      email: "Noa@Crumb.example",
      displayName: "Noa",
      role: "business_owner",
    });
    expect(invite.status).toBe(302);
    const mail = await mailTo("noa@crumb.example");
    expect(mail.subject).toBe("operator invited you to Crumb Bakery on Alex");
    expect(mail.text).toContain("Crumb Bakery's account on Alex, as Business owner");
    const people = await (await send(`/admin/clients/${bakery}/people?lng=en`, { cookie: operator })).text();
    expect(people).toContain("People of \u2068Crumb Bakery\u2069");
    expect(people).toContain("noa@crumb.example");
    // The other business's owner is not on this business's page.
    expect(people).not.toContain("owner@petal.example");

    const joined = await join(mail, "Noa Levi");
    expect(joined.status).toBe(302);
    expect(joined.location).toBe("/portal");
    owner = joined.cookie;
    const portal = await send("/portal?lng=en", { cookie: owner });
    expect(portal.status).toBe(200);
    const html = await portal.text();
    expect(html).toContain("Crumb Bakery");
    expect(html).not.toContain("Petal Florist");
  });

  it("sign in and land in their portal, never in the back-office", async () => {
    const login = await send("/login", {
      method: "POST",
      body: new URLSearchParams({
        username: "noa@crumb.example",
        password: "a-new-business-password",
        redirectTo: "/admin/billing",
      }),
    });
    expect(login.status).toBe(302);
    expect(login.headers.get("Location")).toBe("/portal");
    for (const path of ["/admin/dashboard", "/admin/clients", `/admin/clients/${bakery}/people`, "/admin/team"]) {
      const response = await send(path, { cookie: owner });
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location"), path).toBe("/portal");
    }
    const api = await send("/api/clients", { cookie: owner });
    expect(api.status).toBe(403);
    // One's own account stays theirs, in the portal's frame.
    const account = await send("/account?lng=en", { cookie: owner });
    expect(account.status).toBe(200);
    expect(await account.text()).toContain("Portal navigation");
  });

  it("are invited by the business's owner from the portal, as staff, and staff cannot manage them", async () => {
    const invite = await post("/portal/people?lng=en", owner, {
      intent: "invite",
      email: "avi@crumb.example",
      displayName: "Avi",
      role: "business_staff",
    });
    expect(invite.status).toBe(302);
    const mail = await mailTo("avi@crumb.example");
    expect(mail.subject).toBe("Noa Levi invited you to Crumb Bakery on Alex");
    const staff = await join(mail, "Avi Cohen");
    expect(staff.location).toBe("/portal");
    const people = await send("/portal/people", { cookie: staff.cookie });
    expect(people.status).toBe(302);
    expect(people.headers.get("Location")).toBe("/portal/forbidden");
    const refused = await post("/portal/people", staff.cookie, { intent: "disable", operatorId: "1" });
    expect(refused.headers.get("Location")).toBe("/portal/forbidden");
  });

  it("cannot be given a team role, nor reach another business's or the team's people", async () => {
    const teamRole = await post("/portal/people?lng=he", owner, {
      intent: "invite",
      email: "boss@crumb.example",
      displayName: "Boss",
      role: "owner",
    });
    expect(teamRole.status).toBe(400);
    expect(await teamRole.text()).toContain("יש לבחור תפקיד: בעלים של העסק או צוות.");
    const fromOperator = await post(`/admin/clients/${bakery}/people?lng=en`, operator, {
      intent: "invite",
      email: "admin@crumb.example",
      displayName: "Not an admin",
      role: "admin",
    });
    expect(fromOperator.status).toBe(400);

    const operatorId = await memberId("/admin/team?lng=en", operator, TEST_ADMIN.username).catch(() => "1");
    for (const target of [String(floristOwnerId), operatorId]) {
      for (const intent of ["disable", "resend"]) {
        const response = await post("/portal/people?lng=en", owner, { intent, operatorId: target });
        expect(response.status, `${intent} ${target}`).toBe(404);
        expect(await response.text()).toContain("That person is not one of this business&#x27;s people.");
      }
      const role = await post("/portal/people?lng=en", owner, {
        intent: "changeRole",
        operatorId: target,
        role: "business_staff",
      });
      expect(role.status).toBe(404);
    }
    // An address that already has an account, on the team or at another business, is not invited again.
    const taken = await post("/portal/people?lng=en", owner, {
      intent: "invite",
      email: "owner@petal.example",
      displayName: "Taken",
      role: "business_staff",
    });
    expect(taken.status).toBe(409);
    expect(await taken.text()).toContain("Someone with this e-mail already has an Alex account.");
  });

  it("keep their last owner, and a disabled person's session ends at once", async () => {
    const me = await memberId("/portal/people?lng=en", owner, "Noa@Crumb.example");
    const demote = await post("/portal/people?lng=en", owner, {
      intent: "changeRole",
      operatorId: me,
      role: "business_staff",
    });
    expect(demote.status).toBe(409);
    expect(await demote.text()).toContain("The business&#x27;s last owner cannot be disabled");

    const avi = await memberId("/portal/people?lng=en", owner, "avi@crumb.example");
    const staffCookie = await sessionCookieOn(server, {
      username: "avi@crumb.example",
      password: "a-new-business-password",
    });
    expect((await send("/portal", { cookie: staffCookie })).status).toBe(200);
    const disable = await post("/portal/people?lng=en", owner, { intent: "disable", operatorId: avi });
    expect(disable.status).toBe(302);
    const after = await send("/portal", { cookie: staffCookie });
    expect(after.status).toBe(302);
    expect(after.headers.get("Location")).toMatch(/^\/login\?/);
  });

  it("keep the operators out of the portal, to the back-office", async () => {
    const response = await send("/portal", { cookie: operator });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin");
    // The other business's owner, whom Crumb Bakery's owner tried to disable and demote, still signs in, as its owner.
    const florists = await sessionCookieOn(server, { username: "owner@petal.example", password: PERSON_PASSWORD });
    const html = await (await send("/portal/people?lng=en", { cookie: florists })).text();
    expect(html).toContain("owner@petal.example");
    expect(html).toMatch(/<option value="business_owner" selected="">Business owner<\/option>/);
    expect(html).not.toContain("Crumb.example");
  });
});
