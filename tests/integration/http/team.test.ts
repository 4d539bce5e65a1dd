import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { accountTokens, operators } from "#db/schema.ts";
import { hashPassword } from "~/auth/password.server.ts";
import { decodeToast } from "../../support/http.ts";
import { inspectEmbeddedDatabase, startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";
import { addressedRequests } from "../../support/addressed-requests.ts";
import { mailTo as mailToOf, startMailbox, type Mailbox } from "../../support/mailbox.ts";

/**
 * The provider's team through a running server with a local SMTP stand-in: an owner invites (the
 * e-mail in the inviter's language, with a link that works once and for 72 hours), resends, changes
 * roles and disables (the person's sessions end at once); the last owner stays; bad input gets a 4xx
 * in the page's language; other roles are kept off the page.
 */
let server: RunningServer;
let smtp: Mailbox;
const mails: ParsedMail[] = [];
const lng = { en: "", he: "" };
let owner = "";

const AGENT = { username: "agent@team.example", password: "agent-password-1" };
const ADMIN = { username: "admin@team.example", password: "admin-password-1" };
const EXPIRED_TOKEN = "e".repeat(43);
const USED_TOKEN = "u".repeat(43);
const sha256 = (token: string) => createHash("sha256").update(token).digest("base64url");
const HOUR = 60 * 60 * 1000;

const { send, post } = addressedRequests(() => server.url);

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${name}=`))
    ?.split(";")[0];

async function signIn(credentials: { username: string; password: string }) {
  const response = await send("/login", { method: "POST", body: new URLSearchParams(credentials) });
  const cookie = cookieOf(response, "alex_session");
  if (response.status !== 302 || !cookie) throw new Error(`sign-in of ${credentials.username}: ${response.status}`);
  return cookie;
}

const mailTo = (address: string, after = 0) => mailToOf(mails, address, { after });

/** The invitation link a mail carries, as its path (`/invite/…?lng=…`). */
function linkIn(mail: ParsedMail) {
  const match = /https?:\/\/[^\s]+\/invite\/[A-Za-z0-9_-]{43}\?lng=(?:en|he)/.exec(mail.text ?? "");
  if (!match) throw new Error(`no invitation link in: ${mail.text}`);
  const url = new URL(match[0]);
  return { path: `${url.pathname}${url.search}`, token: url.pathname.split("/").pop()!, origin: url.origin };
}

/** A person's id as the team page's row posts it. */
async function memberId(email: string) {
  const html = await (await send("/admin/team", { cookie: `${owner}; ${lng.en}` })).text();
  // The people list is one table: the row naming the address is that person's.
  const card = html.split("<tr").find((part) => part.includes(`>${email}</p>`));
  const id = /name="operatorId" value="(\d+)"/.exec(card ?? "")?.[1];
  if (!id) throw new Error(`${email} is not on the team page`);
  return id;
}

beforeAll(async () => {
  smtp = await startMailbox(mails);
  server = await startServer(
    { SMTP_URL: smtp.url, MAIL_FROM: "Alex <alex@alex.example>" },
    {
      prepareDatabase: async (db) => {
        await db.insert(operators).values([
          { ...AGENT, email: AGENT.username, passwordHash: await hashPassword(AGENT.password), role: "agent" },
          { ...ADMIN, email: ADMIN.username, passwordHash: await hashPassword(ADMIN.password), role: "admin" },
        ]);
        const invited = await db
          .insert(operators)
          .values([
            { username: "late@team.example", email: "late@team.example", displayName: "Late", role: "agent" },
            { username: "twice@team.example", email: "twice@team.example", displayName: "Twice", role: "agent" },
          ])
          .returning({ id: operators.id });
        const now = Date.now();
        await db.insert(accountTokens).values([
          // Made 72 hours and a minute ago: expired a minute ago.
          {
            id: sha256(EXPIRED_TOKEN),
            operatorId: invited[0]!.id,
            kind: "invite",
            expiresAt: new Date(now - 60_000),
            createdAt: new Date(now - 72 * HOUR - 60_000),
          },
          {
            id: sha256(USED_TOKEN),
            operatorId: invited[1]!.id,
            kind: "invite",
            expiresAt: new Date(now + 24 * HOUR),
            usedAt: new Date(now - HOUR),
          },
        ]);
      },
    },
  );
  owner = await signIn(TEST_ADMIN);
  for (const language of ["en", "he"] as const) {
    lng[language] = cookieOf(await send(`/?lng=${language}`), "lng")!;
  }
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("who may open the team page", () => {
  it("sends an agent and an admin to the forbidden page, for the page and its posts", async () => {
    for (const credentials of [AGENT, ADMIN]) {
      const cookie = await signIn(credentials);
      const page = await send("/admin/team", { cookie });
      expect(page.status).toBe(302);
      expect(page.headers.get("Location")).toBe("/admin/forbidden");
      const invite = await post("/admin/team", cookie, {
        intent: "invite",
        email: "sneaky@team.example",
        displayName: "Sneaky",
        role: "owner",
      });
      expect(invite.status).toBe(302);
      expect(invite.headers.get("Location")).toBe("/admin/forbidden");
      // Their navigation has no link to it; an owner's has.
      const dashboard = await (await send("/admin/dashboard", { cookie: `${cookie}; ${lng.en}` })).text();
      expect(dashboard).not.toContain('href="/admin/team"');
    }
    const ownerDashboard = await (await send("/admin/dashboard", { cookie: `${owner}; ${lng.en}` })).text();
    expect(ownerDashboard).toContain('href="/admin/team"');
    expect(ownerDashboard).toContain('href="/admin/billing"');
    const agentDashboard = await (await send("/admin/dashboard", { cookie: await signIn(AGENT) })).text();
    expect(agentDashboard).not.toContain('href="/admin/billing"');
    expect(agentDashboard).toContain('href="/admin/leads"');
    // Nobody was invited.
    expect((await (await send("/admin/team", { cookie: owner })).text()).includes("sneaky@team.example")).toBe(false);
  }, 60_000);
});

describe("an invitation", () => {
  it("is e-mailed in the inviter's language; its link signs the person up once", async () => {
    const response = await post("/admin/team", `${owner}; ${lng.en}`, {
      intent: "invite",
      email: "Dana@Team.Example",
      displayName: "Dana Levi",
      role: "agent",
    });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/admin/team");
    expect(decodeToast(cookieOf(response, "alex_toast"))).toMatchObject({
      message: "Invitation sent to Dana@Team.Example.",
    });
    const mail = await mailTo("Dana@Team.Example");
    expect(mail.subject).toBe("operator invited you to the Alex team");
    expect(mail.text).toContain("Hello Dana Levi,");
    expect(mail.text).toContain("as Agent");
    const link = linkIn(mail);
    expect(link.origin).toBe(server.url);
    expect(link.path).toMatch(/\?lng=en$/);

    // The team lists them as invited, under their address in lower case.
    const team = await (await send("/admin/team", { cookie: `${owner}; ${lng.en}` })).text();
    expect(team).toContain("dana@team.example");
    expect(team).toContain("Invited");

    const page = await send(link.path);
    expect(page.status).toBe(200);
    expect(page.headers.get("Cache-Control")).toBe("private, no-store");
    // Another site learns at most our origin from a click on the page, never the link.
    expect(page.headers.get("Referrer-Policy")).toBe("strict-origin-when-cross-origin");
    const html = await page.text();
    expect(html).toContain("Join the team");
    expect(html).toContain("operator invited you to join Alex as Agent.");

    const accepted = await post(link.path, "", {
      displayName: "Dana L.",
      password: "dana-password-1",
      confirmPassword: "dana-password-1",
    });
    expect(accepted.status).toBe(302);
    expect(accepted.headers.get("Location")).toBe("/admin/dashboard");
    expect(decodeToast(cookieOf(accepted, "alex_toast"))).toMatchObject({ message: "Welcome to the team, Dana L.!" });
    const session = cookieOf(accepted, "alex_session")!;
    const dashboard = await send("/admin/dashboard", { cookie: `${session}; ${lng.en}` });
    expect(dashboard.status).toBe(200);
    const shell = await dashboard.text();
    expect(shell).toContain("Signed in as Dana L.");
    expect(shell).not.toContain('href="/admin/billing"');
    // The password works at the login too, under the address in lower case.
    await signIn({ username: "dana@team.example", password: "dana-password-1" });

    // The link worked once: now it is refused, the page and the post, with no form.
    const again = await send(link.path);
    expect(again.status).toBe(410);
    const gone = await again.text();
    expect(gone).toContain("This invitation link does not work");
    expect(gone).not.toContain('name="password"');
    const reused = await post(link.path, "", {
      displayName: "Mallory",
      password: "mallory-password",
      confirmPassword: "mallory-password",
    });
    expect(reused.status).toBe(410);
    expect(cookieOf(reused, "alex_session")).toBeUndefined();
    await expect(signIn({ username: "dana@team.example", password: "mallory-password" })).rejects.toThrow();

    const listed = await (await send("/admin/team", { cookie: `${owner}; ${lng.en}` })).text();
    expect(listed).toContain("Dana L.");
    expect(listed).toContain("Active");
  }, 60_000);

  it("is written in Hebrew when the inviter works in Hebrew, and its page too", async () => {
    const response = await post("/admin/team", `${owner}; ${lng.he}`, {
      intent: "invite",
      email: "yossi@team.example",
      displayName: "יוסי",
      role: "admin",
    });
    expect(response.status).toBe(302);
    expect(decodeToast(cookieOf(response, "alex_toast"))).toMatchObject({
      message: "ההזמנה נשלחה אל yossi@team.example.",
    });
    const mail = await mailTo("yossi@team.example");
    expect(mail.subject).toBe("operator הזמין/ה אותך לצוות של Alex");
    expect(mail.text).toContain("שלום יוסי,");
    expect(mail.text).toContain("בתפקיד מנהל");
    expect(mail.html).toContain('dir="rtl"');
    const link = linkIn(mail);
    expect(link.path).toMatch(/\?lng=he$/);
    const page = await send(link.path);
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain("הצטרפות לצוות");

    // Bad passwords: a 400 with the reason in the page's language, nothing used up.
    for (const [language, fields, message] of [
      ["he", { displayName: "יוסי", password: "short", confirmPassword: "short" }, "יש להשתמש בלפחות 10 תווים."],
      ["en", { displayName: "Yossi", password: "short", confirmPassword: "short" }, "Use at least 10 characters."],
      [
        "he",
        { displayName: "יוסי", password: "long-enough-1", confirmPassword: "long-enough-2" },
        "שתי הסיסמאות אינן זהות.",
      ],
      ["en", { displayName: "", password: "long-enough-1", confirmPassword: "long-enough-1" }, "Enter a name."],
    ] as const) {
      const refused = await post(link.path.replace(/\?.*$/, ""), lng[language], fields);
      expect(refused.status).toBe(400);
      expect(await refused.text()).toContain(message);
    }
    expect((await send(link.path)).status).toBe(200);
  }, 60_000);

  it("stops working after 72 hours, and an unknown or malformed link is a clear 404", async () => {
    for (const [language, title] of [
      ["en", "This invitation link does not work"],
      ["he", "קישור ההזמנה הזה לא עובד"],
    ] as const) {
      for (const token of [EXPIRED_TOKEN, USED_TOKEN]) {
        const page = await send(`/invite/${token}`, { cookie: lng[language] });
        expect(page.status).toBe(410);
        const html = await page.text();
        expect(html).toContain(title);
        expect(html).not.toContain('name="password"');
        const posted = await post(`/invite/${token}`, lng[language], {
          displayName: "Late",
          password: "late-password-1",
          confirmPassword: "late-password-1",
        });
        expect(posted.status).toBe(410);
        expect(await posted.text()).toContain(title);
      }
      for (const token of ["x".repeat(43), "short", "a".repeat(500), "%E2%80%AE"]) {
        const page = await send(`/invite/${token}`, { cookie: lng[language] });
        expect(page.status).toBe(404);
        expect(await page.text()).toContain(title);
      }
    }
    await expect(signIn({ username: "late@team.example", password: "late-password-1" })).rejects.toThrow();
  }, 60_000);

  it("is replaced by a resent one: the old link stops working", async () => {
    const first = await post("/admin/team", `${owner}; ${lng.en}`, {
      intent: "invite",
      email: "rina@team.example",
      displayName: "Rina",
      role: "agent",
    });
    expect(first.status).toBe(302);
    const before = mails.length;
    const oldLink = linkIn(await mailTo("rina@team.example"));
    const resent = await post("/admin/team", `${owner}; ${lng.en}`, {
      intent: "resend",
      operatorId: await memberId("rina@team.example"),
    });
    expect(resent.status).toBe(302);
    expect(decodeToast(cookieOf(resent, "alex_toast"))).toMatchObject({
      message: "A new invitation was sent to rina@team.example; the earlier link no longer works.",
    });
    const newLink = linkIn(await mailTo("rina@team.example", before));
    expect(newLink.token).not.toBe(oldLink.token);
    expect((await send(oldLink.path)).status).toBe(404);
    expect((await send(newLink.path)).status).toBe(200);
    // Someone who has signed up gets no new invitation.
    const active = await post("/admin/team", `${owner}; ${lng.en}`, {
      intent: "resend",
      operatorId: await memberId(AGENT.username),
    });
    expect(active.status).toBe(409);
  }, 60_000);

  it("refuses bad input with a 4xx and a message in the page's language, never a 500", async () => {
    const cases: [Record<string, string>, number, string, string][] = [
      [
        { intent: "invite", displayName: "No Mail", role: "agent" },
        400,
        "Enter their e-mail address.",
        "יש להזין כתובת אימייל.",
      ],
      [
        { intent: "invite", email: "not-an-address", displayName: "Bad", role: "agent" },
        400,
        "Enter a valid e-mail address, like dana@example.com.",
        "יש להזין כתובת אימייל תקינה, למשל dana@example.com.",
      ],
      [
        { intent: "invite", email: "boss@team.example", displayName: "Boss", role: "emperor" },
        400,
        "Choose a role: owner, admin or agent.",
        "יש לבחור תפקיד: בעלים, מנהל או נציג.",
      ],
      [
        { intent: "invite", email: "long@team.example", displayName: "n".repeat(5000), role: "agent" },
        400,
        "The name can be at most 100 characters.",
        "השם יכול להכיל עד 100 תווים.",
      ],
      [
        { intent: "invite", email: AGENT.username.toUpperCase(), displayName: "Again", role: "agent" },
        409,
        "Someone with this e-mail is already on the team.",
        "מישהו עם האימייל הזה כבר נמצא בצוות.",
      ],
      [
        { intent: "changeRole", operatorId: "1", role: "emperor" },
        400,
        "Choose a role: owner, admin or agent.",
        "יש לבחור תפקיד: בעלים, מנהל או נציג.",
      ],
      [{ intent: "disable", operatorId: "999999" }, 404, "That person is not on the team.", "האדם הזה אינו בצוות."],
      [{ intent: "disable", operatorId: "abc" }, 400, "That person is not on the team.", "האדם הזה אינו בצוות."],
      [{ intent: "explode" }, 400, "That action is not available on this page.", "הפעולה הזאת אינה זמינה בדף הזה."],
      [{}, 400, "That action is not available on this page.", "הפעולה הזאת אינה זמינה בדף הזה."],
    ];
    for (const [fields, status, en, he] of cases) {
      for (const [language, message] of [
        ["en", en],
        ["he", he],
      ] as const) {
        const response = await post("/admin/team", `${owner}; ${lng[language]}`, fields);
        expect(response.status, JSON.stringify(fields)).toBe(status);
        expect(await response.text(), JSON.stringify(fields)).toContain(message);
      }
    }
    // A body past the back-office's cap is refused at the door, in the page's language.
    for (const language of ["en", "he"] as const) {
      const huge = await post("/admin/team", `${owner}; ${lng[language]}`, {
        intent: "invite",
        email: "huge@team.example",
        displayName: "x".repeat(9 * 1024 * 1024),
        role: "agent",
      });
      expect(huge.status).toBe(413);
      expect((await huge.text()).length).toBeGreaterThan(0);
    }
    // A huge post to the public invitation page too.
    const hugeAccept = await post(`/invite/${EXPIRED_TOKEN}`, lng.he, { password: "p".repeat(100_000) });
    expect(hugeAccept.status).toBe(413);
    const team = await (await send("/admin/team", { cookie: owner })).text();
    expect(team).not.toContain("huge@team.example");
    expect(team).not.toContain("boss@team.example");
  }, 60_000);
});

describe("disabling", () => {
  it("ends the person's sessions at once; enabling lets them sign in again", async () => {
    const agent = await signIn(AGENT);
    expect((await send("/admin/dashboard", { cookie: agent })).status).toBe(200);
    const id = await memberId(AGENT.username);
    const disabled = await post("/admin/team", `${owner}; ${lng.en}`, { intent: "disable", operatorId: id });
    expect(disabled.status).toBe(302);
    expect(decodeToast(cookieOf(disabled, "alex_toast"))).toMatchObject({
      message: "Disabled: their sessions have ended.",
    });
    const next = await send("/admin/dashboard", { cookie: agent });
    expect(next.status).toBe(302);
    expect(next.headers.get("Location")).toMatch(/^\/login\?/);
    await expect(signIn(AGENT)).rejects.toThrow();
    expect(await (await send("/admin/team", { cookie: `${owner}; ${lng.en}` })).text()).toContain("Disabled");

    const enabled = await post("/admin/team", `${owner}; ${lng.en}`, { intent: "enable", operatorId: id });
    expect(enabled.status).toBe(302);
    // The old session stays ended; a new sign-in works.
    expect((await send("/admin/dashboard", { cookie: agent })).status).toBe(302);
    expect((await send("/admin/dashboard", { cookie: await signIn(AGENT) })).status).toBe(200);
  }, 60_000);
});

describe("the last owner", () => {
  it("can be neither demoted nor disabled, and two owners cannot demote each other at once", async () => {
    const me = await memberId(TEST_ADMIN.username);
    for (const [language, message] of [
      ["en", "The team's last owner cannot be disabled or given another role."],
      ["he", "אי אפשר להשבית את הבעלים האחרון של הצוות או לתת לו תפקיד אחר."],
    ] as const) {
      for (const fields of [
        { intent: "changeRole", operatorId: me, role: "admin" } as Record<string, string>,
        { intent: "disable", operatorId: me },
      ]) {
        const response = await post("/admin/team", `${owner}; ${lng[language]}`, fields);
        expect(response.status).toBe(409);
        expect(await response.text()).toContain(message);
      }
    }
    expect((await send("/admin/team", { cookie: owner })).status).toBe(200);

    // A second owner; then each demotes the other at the same moment: one of them stays an owner.
    const adminId = await memberId(ADMIN.username);
    expect(
      (await post("/admin/team", owner, { intent: "changeRole", operatorId: adminId, role: "owner" })).status,
    ).toBe(302);
    const second = await signIn(ADMIN);
    const answers = await Promise.all([
      post("/admin/team", owner, { intent: "changeRole", operatorId: adminId, role: "agent" }),
      post("/admin/team", second, { intent: "changeRole", operatorId: me, role: "agent" }),
    ]);
    // One demotion goes through; the other is refused, as the last owner (409) or, when the first
    // already took its author's role, at the door (the forbidden page).
    const done = answers.map((answer) => answer.status === 302 && answer.headers.get("Location") === "/admin/team");
    expect(done.filter(Boolean)).toHaveLength(1);
    const refusedAnswer = answers[done.indexOf(false)]!;
    expect(
      refusedAnswer.status === 409 || refusedAnswer.headers.get("Location") === "/admin/forbidden",
      `${refusedAnswer.status} ${refusedAnswer.headers.get("Location")}`,
    ).toBe(true);
    const stillOwner = done[0] ? owner : second;
    const demoted = done[0] ? second : owner;
    expect((await send("/admin/team", { cookie: stillOwner })).status).toBe(200);
    expect((await send("/admin/team", { cookie: demoted })).headers.get("Location")).toBe("/admin/forbidden");
    // Put the team back as it was: the test operator the owner, the admin an admin.
    if (stillOwner === second) {
      expect((await post("/admin/team", second, { intent: "changeRole", operatorId: me, role: "owner" })).status).toBe(
        302,
      );
    }
    expect(
      (await post("/admin/team", owner, { intent: "changeRole", operatorId: adminId, role: "admin" })).status,
    ).toBe(302);
  }, 60_000);
});

describe("what the database keeps", () => {
  it("holds invitation tokens only as hashes, valid 72 hours, and the accepted person as invited", async () => {
    const dataDir = server.dataDir;
    await server.stop({ keepData: true });
    const { tokens, dana } = await inspectEmbeddedDatabase(dataDir, async (db) => ({
      tokens: await db.select().from(accountTokens),
      dana: await db.select().from(operators).where(eq(operators.username, "dana@team.example")),
    }));
    const texts = mails.map((mail) => mail.text ?? "").join("\n");
    for (const token of tokens) {
      expect(token.id).toMatch(/^[A-Za-z0-9_-]{43}$/);
      // No stored id appears in a mail: the mail carries the token, the table its hash.
      expect(texts).not.toContain(`/invite/${token.id}`);
      if (token.id !== sha256(EXPIRED_TOKEN) && token.id !== sha256(USED_TOKEN)) {
        expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBeGreaterThan(72 * HOUR - 60_000);
        expect(token.expiresAt.getTime() - token.createdAt.getTime()).toBeLessThan(72 * HOUR + 60_000);
      }
    }
    expect(dana[0]).toMatchObject({ email: "Dana@Team.Example", displayName: "Dana L.", role: "agent" });
    expect(dana[0]!.passwordHash).toMatch(/^scrypt\$/);
    expect(dana[0]!.invitedBy).not.toBeNull();
  }, 60_000);
});
