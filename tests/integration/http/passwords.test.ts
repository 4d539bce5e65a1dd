import { createHash } from "node:crypto";
import { eq } from "drizzle-orm";
import type { ParsedMail } from "mailparser";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { Database } from "#db/connection.ts";
import { accountTokens, operators } from "#db/schema.ts";
import { hashPassword } from "~/auth/password.server.ts";
import { decodeToast } from "../../support/http.ts";
import { inspectEmbeddedDatabase, startServer, type RunningServer } from "../../support/server.ts";
import { startMailbox, type Mailbox } from "../../support/mailbox.ts";

/**
 * Passwords through a running server: a reset link asked for by address or sign-in name and read from
 * a local SMTP server, in English and Hebrew; the same answer for an unknown address; a link that works
 * once, for an hour, and ends every session; the limits; and /account (change the password, see and
 * end one's sessions, never another person's).
 */
let server: RunningServer;
let smtp: Mailbox;
const mails: ParsedMail[] = [];

type Person = { username: string; email: string; password: string; role: "owner" | "admin" | "agent" };
const PEOPLE = {
  dana: { username: "dana", email: "Dana@Team.example", password: "dana-password-1", role: "admin" },
  noam: { username: "noam", email: "noam@team.example", password: "noam-password-1", role: "agent" },
  rina: { username: "rina", email: "rina@team.example", password: "rina-password-1", role: "agent" },
  tal: { username: "tal", email: "tal@team.example", password: "tal-password-12", role: "agent" },
  omer: { username: "omer", email: "omer@team.example", password: "omer-password-1", role: "owner" },
  gone: { username: "gone", email: "gone@team.example", password: "gone-password-1", role: "agent" },
} satisfies Record<string, Person>;

/** Links made straight in the database: one an hour and a minute old, one already used. */
const EXPIRED_TOKEN = "e".repeat(43);
const USED_TOKEN = "u".repeat(43);
const hashOf = (token: string) => createHash("sha256").update(token).digest("base64url");

const CHROME_ON_WINDOWS =
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36";
const SAFARI_ON_IPHONE =
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1";

async function until<T>(read: () => T | undefined, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

async function addPeople(db: Database, people: Person[]) {
  const ids: Record<string, number> = {};
  for (const person of people) {
    const [row] = await db
      .insert(operators)
      .values({
        username: person.username,
        email: person.email,
        displayName: `${person.username[0]!.toUpperCase()}${person.username.slice(1)} Cohen`,
        role: person.role,
        passwordHash: await hashPassword(person.password),
      })
      .returning({ id: operators.id });
    ids[person.username] = row!.id;
  }
  return ids;
}

let ipCounter = 0;
const nextIp = () => `198.51.100.${++ipCounter}`;

function call(path: string, init: RequestInit & { ip?: string; cookie?: string; userAgent?: string } = {}) {
  const headers = new Headers(init.headers);
  headers.set("X-Forwarded-For", init.ip ?? nextIp());
  if (init.cookie) headers.set("Cookie", init.cookie);
  if (init.userAgent) headers.set("User-Agent", init.userAgent);
  return fetch(`${server.url}${path}`, { redirect: "manual", ...init, headers });
}

const post = (path: string, fields: Record<string, string>, init: Parameters<typeof call>[1] = {}) =>
  call(path, { ...init, method: "POST", body: new URLSearchParams(fields) });

const cookieNamed = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${name}=`))
    ?.split(";")[0];

async function signIn(person: Person, password = person.password, userAgent = CHROME_ON_WINDOWS) {
  const response = await post("/login", { username: person.username, password }, { userAgent });
  const cookie = cookieNamed(response, "alex_session");
  if (response.status !== 302 || !cookie) throw new Error(`${person.username} could not sign in (${response.status})`);
  return cookie;
}

/** Whether a session cookie still opens the back-office (else: the redirect to the login). */
async function signedIn(cookie: string) {
  const response = await call("/admin/dashboard", { cookie });
  if (response.status === 200) return true;
  expect(response.status).toBe(302);
  expect(response.headers.get("Location")).toMatch(/^\/login\?redirectTo=/);
  return false;
}

const mailTo = (address: string) =>
  mails.filter((mail) => mail.to && !Array.isArray(mail.to) && mail.to.text.toLowerCase() === address.toLowerCase());
const linkIn = (mail: ParsedMail) => {
  const match = /\/reset-password\/([\w-]{43})\?lng=(en|he)/.exec(mail.text ?? "");
  if (!match) throw new Error(`No reset link in: ${mail.text}`);
  return { path: `/reset-password/${match[1]}?lng=${match[2]}`, token: match[1]!, language: match[2] };
};

/** The token inside a session cookie as React Router signs it: base64 of its JSON, a dot, the signature. */
const tokenOf = (cookie: string) =>
  JSON.parse(
    Buffer.from(decodeURIComponent(cookie.split("=")[1]!).split(".")[0]!, "base64").toString("utf8"),
  ) as string;

/** The session handles /account lists, and which one is this session. */
async function sessionsOn(cookie: string) {
  const response = await call("/account?lng=en", { cookie });
  expect(response.status).toBe(200);
  const html = await response.text();
  const handles = [...html.matchAll(/data-session="([\w-]+)"/g)].map((match) => match[1]!);
  return { html, handles };
}

const SENT = {
  en: "If an account matches what you entered, a link to choose a new password is on its way",
  he: "אם יש חשבון שמתאים למה שהוזן, קישור לבחירת סיסמה חדשה בדרך",
};

beforeAll(async () => {
  smtp = await startMailbox(mails);
  server = await startServer(
    { SMTP_URL: smtp.url, MAIL_FROM: "Alex <alex@alex.example>" },
    {
      prepareDatabase: async (db) => {
        const ids = await addPeople(db, Object.values(PEOPLE));
        await db.update(operators).set({ disabledAt: new Date() }).where(eq(operators.id, ids.gone!));
        const now = Date.now();
        await db.insert(accountTokens).values([
          {
            id: hashOf(EXPIRED_TOKEN),
            operatorId: ids.rina!,
            kind: "password_reset",
            createdAt: new Date(now - 61 * 60 * 1000),
            expiresAt: new Date(now - 60 * 1000),
          },
          {
            id: hashOf(USED_TOKEN),
            operatorId: ids.rina!,
            kind: "password_reset",
            expiresAt: new Date(now + 30 * 60 * 1000),
            usedAt: new Date(now - 60 * 1000),
          },
        ]);
      },
    },
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
  await smtp?.close();
});

describe("forgot password", () => {
  it("links the login page to the forgot page, which asks for the address", async () => {
    const login = await (await call("/login")).text();
    expect(login).toContain('href="/forgot-password"');
    expect(login).toContain("Forgot your password?");
    const page = await call("/forgot-password?lng=he");
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('dir="rtl"');
    expect(html).toContain("דוא״ל או שם משתמש");
  });

  it("e-mails a one-hour link in English by address, in any case, and in Hebrew by sign-in name", async () => {
    const english = await post("/forgot-password?lng=en", { login: "dana@team.EXAMPLE" });
    expect(english.status).toBe(200);
    expect(await english.text()).toContain(SENT.en);
    const mail = await until(() => mailTo("Dana@Team.example")[0]);
    expect(mail.subject).toBe("Choose a new password for Alex");
    expect(mail.text).toContain("Hello Dana Cohen,");
    expect(mail.text).toContain("The link works once, for one hour.");
    expect(linkIn(mail).language).toBe("en");
    expect(mail.html).toContain(`href="${server.url}/reset-password/${linkIn(mail).token}?lng=en"`);

    const hebrew = await post("/forgot-password?lng=he", { login: "noam" });
    expect(hebrew.status).toBe(200);
    expect(await hebrew.text()).toContain(SENT.he);
    const hebrewMail = await until(() => mailTo("noam@team.example")[0]);
    expect(hebrewMail.subject).toBe("בחירת סיסמה חדשה ל-Alex");
    expect(hebrewMail.text).toContain("שלום Noam Cohen,");
    expect(hebrewMail.html).toContain('dir="rtl"');
    expect(linkIn(hebrewMail).language).toBe("he");
    const page = await call(linkIn(hebrewMail).path);
    expect(page.status).toBe(200);
    expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
    expect(await page.text()).toContain("בחירת סיסמה חדשה");
  });

  it("answers an unknown or disabled address the same, and sends nothing", async () => {
    const before = mails.length;
    for (const login of ["nobody@team.example", "gone@team.example", "gone"]) {
      const response = await post("/forgot-password?lng=en", { login });
      expect(response.status).toBe(200);
      const html = await response.text();
      expect(html).toContain(SENT.en);
      expect(html).not.toContain('name="login"');
    }
    // A known address asked after them arrives; nothing came for the unknown ones meanwhile.
    await post("/forgot-password?lng=en", { login: "omer@team.example" });
    await until(() => mailTo("omer@team.example")[0]);
    await new Promise((resolve) => setTimeout(resolve, 300));
    expect(mails.length).toBe(before + 1);
    expect(mailTo("gone@team.example")).toEqual([]);
  });

  it.each([
    ["en", {}, "Enter your e-mail address or username."],
    ["he", {}, "יש להזין כתובת דוא״ל או שם משתמש."],
    ["en", { login: "   " }, "Enter your e-mail address or username."],
    ["he", { login: `${"a".repeat(300)}@team.example` }, "זה ארוך מכל כתובת דוא״ל או שם משתמש."],
  ])("refuses bad input in %s with a 400 and a message (%j)", async (language, fields, message) => {
    const response = await post(`/forgot-password?lng=${language}`, fields as Record<string, string>);
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("refuses a huge body with a 413 in the visitor's language", async () => {
    for (const [language, text] of [
      ["en", "too large"],
      ["he", "הבקשה גדולה מדי"],
    ] as const) {
      const response = await post(`/forgot-password?lng=${language}`, { login: "x".repeat(100_000) });
      expect(response.status).toBe(413);
      expect((await response.text()).toLowerCase()).toContain(text);
    }
  });

  it("limits one address, whatever names it tries, with Retry-After, in the visitor's language", async () => {
    const ip = "203.0.113.7";
    for (let index = 0; index < 10; index++) {
      expect((await post("/forgot-password?lng=en", { login: `someone${index}@team.example` }, { ip })).status).toBe(
        200,
      );
    }
    const refused = await post("/forgot-password?lng=he", { login: "someone-else@team.example" }, { ip });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("יותר מדי בקשות. יש להמתין מעט ולנסות שוב.");
    // Another address is not affected.
    expect((await post("/forgot-password?lng=en", { login: "someone-else@team.example" })).status).toBe(200);
  });

  it("limits one name, from any address, with Retry-After, in the visitor's language", async () => {
    for (let index = 0; index < 5; index++) {
      expect((await post("/forgot-password?lng=en", { login: "Flooded@Team.example" })).status).toBe(200);
    }
    const refused = await post("/forgot-password?lng=en", { login: "flooded@team.example" });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("Too many requests. Please wait a while and try again.");
  });
});

describe("the reset link", () => {
  it("works once, ends every session, and the new password signs in", async () => {
    const person = PEOPLE.dana;
    const first = await signIn(person);
    const second = await signIn(person, person.password, SAFARI_ON_IPHONE);
    expect(await signedIn(first)).toBe(true);

    // A second request ends the first link: only the latest e-mail works.
    const already = mailTo(person.email).length;
    await post("/forgot-password?lng=en", { login: person.username });
    const latest = linkIn(await until(() => mailTo(person.email)[already]));
    const earlier = linkIn(mailTo(person.email)[0]!);
    expect((await call(earlier.path)).status).toBe(410);

    const form = await call(latest.path);
    expect(form.status).toBe(200);
    expect(await form.text()).toContain('name="confirmPassword"');
    const reset = await post(latest.path, {
      password: "a-brand-new-password",
      confirmPassword: "a-brand-new-password",
    });
    expect(reset.status).toBe(302);
    expect(reset.headers.get("Location")).toBe("/login");
    expect(decodeToast(cookieNamed(reset, "alex_toast"))).toMatchObject({
      message: "Password changed, sign in",
      type: "success",
    });

    // Every session of the person ended: an old cookie gets the login redirect.
    expect(await signedIn(first)).toBe(false);
    expect(await signedIn(second)).toBe(false);

    // Works once: the page and a second post say the link no longer works, in the visitor's language.
    const again = await call(latest.path);
    expect(again.status).toBe(410);
    const html = await again.text();
    expect(html).toContain("This link no longer works");
    expect(html).not.toContain('name="password"');
    const hebrew = await post(`/reset-password/${latest.token}?lng=he`, {
      password: "yet-another-password",
      confirmPassword: "yet-another-password",
    });
    expect(hebrew.status).toBe(410);
    expect(await hebrew.text()).toContain("הקישור הזה כבר לא עובד");

    expect((await post("/login", { username: person.username, password: person.password })).status).toBe(400);
    await signIn(person, "a-brand-new-password");
  });

  it("is refused after its hour, once used, and when unknown or malformed", async () => {
    for (const [path, status] of [
      [`/reset-password/${EXPIRED_TOKEN}`, 410],
      [`/reset-password/${USED_TOKEN}?lng=he`, 410],
      [`/reset-password/${"z".repeat(43)}`, 410],
      ["/reset-password/not-a-token", 404],
    ] as const) {
      const response = await call(path);
      expect(response.status, path).toBe(status);
      const html = await response.text();
      expect(html).toContain(path.endsWith("he") ? "הקישור הזה כבר לא עובד" : "This link no longer works");
      expect(html).not.toContain('name="password"');
    }
    const posted = await post(`/reset-password/${EXPIRED_TOKEN}`, {
      password: "a-brand-new-password",
      confirmPassword: "a-brand-new-password",
    });
    expect(posted.status).toBe(410);
    await signIn(PEOPLE.rina);
  });

  it.each([
    ["en", {}, "Enter a new password."],
    ["he", {}, "יש להזין סיסמה חדשה."],
    ["en", { password: "short", confirmPassword: "short" }, "Use at least 10 characters."],
    ["he", { password: "short", confirmPassword: "short" }, "יש להשתמש בלפחות 10 תווים."],
    ["en", { password: "long-enough-1", confirmPassword: "long-enough-2" }, "The two passwords are not the same."],
    ["he", { password: "long-enough-1", confirmPassword: "long-enough-2" }, "שתי הסיסמאות אינן זהות."],
    ["en", { password: "long-enough-1" }, "Enter the new password again."],
  ])(
    "refuses bad input in %s with a 400 and a message (%j), leaving the link usable",
    async (language, fields, message) => {
      const mailed = mailTo(PEOPLE.omer.email);
      const link = linkIn(mailed[mailed.length - 1]!);
      const response = await post(`/reset-password/${link.token}?lng=${language}`, fields as Record<string, string>);
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).not.toContain("long-enough");
      expect((await call(link.path)).status).toBe(200);
    },
  );

  it("refuses a huge body with a 413", async () => {
    const response = await post(`/reset-password/${"a".repeat(43)}?lng=he`, { password: "x".repeat(100_000) });
    expect(response.status).toBe(413);
  });
});

describe("/account", () => {
  it("shows the person, their sessions and the second factor's place, in English and Hebrew", async () => {
    const cookie = await signIn(PEOPLE.noam);
    await signIn(PEOPLE.noam, PEOPLE.noam.password, SAFARI_ON_IPHONE);
    const { html, handles } = await sessionsOn(cookie);
    expect(html).toContain("My account");
    expect(html).toContain("Noam Cohen");
    expect(html).toContain("noam@team.example");
    expect(html).toContain("Agent");
    expect(html).toContain("This session");
    expect(html).toContain("Chrome on Windows");
    expect(html).toContain("Safari on iOS");
    expect(html).toContain("Second factor");
    expect(html).toContain('href="/account/second-factor"');
    expect(handles.length).toBeGreaterThanOrEqual(2);
    // The stored session id (the hash of the cookie's token) never reaches the page.
    expect(html).not.toContain(hashOf(tokenOf(cookie)));

    const hebrew = await call("/account?lng=he", { cookie });
    expect(hebrew.status).toBe(200);
    const hebrewHtml = await hebrew.text();
    expect(hebrewHtml).toContain('dir="rtl"');
    expect(hebrewHtml).toContain("החשבון שלי");
    expect(hebrewHtml).toContain("החיבור הזה");
    expect(hebrewHtml).toContain("אימות דו-שלבי");
  });

  it("refuses a wrong current password as a field error, in English and Hebrew, and changes nothing", async () => {
    const cookie = await signIn(PEOPLE.noam);
    for (const [language, message] of [
      ["en", "The current password is incorrect."],
      ["he", "הסיסמה הנוכחית שגויה."],
    ] as const) {
      const response = await post(
        `/account?lng=${language}`,
        {
          intent: "change-password",
          currentPassword: "not-the-password",
          password: "noam-new-password",
          confirmPassword: "noam-new-password",
        },
        { cookie },
      );
      expect(response.status).toBe(400);
      const html = await response.text();
      expect(html).toContain(message);
      expect(html).not.toContain("noam-new-password");
    }
    await signIn(PEOPLE.noam);
  });

  it.each([
    ["en", { intent: "change-password" }, "Enter your current password."],
    ["he", { intent: "change-password" }, "יש להזין את הסיסמה הנוכחית."],
    [
      "en",
      { intent: "change-password", currentPassword: "x", password: "long-enough-1", confirmPassword: "long-enough-2" },
      "The two passwords are not the same.",
    ],
    [
      "he",
      { intent: "change-password", currentPassword: "x", password: "short", confirmPassword: "short" },
      "יש להשתמש בלפחות 10 תווים.",
    ],
    ["en", {}, "Enter your current password."],
  ])("refuses bad input in %s with a 400 and a message (%j)", async (language, fields, message) => {
    const cookie = await signIn(PEOPLE.noam);
    const response = await post(`/account?lng=${language}`, fields as Record<string, string>, { cookie });
    expect(response.status).toBe(400);
    expect(await response.text()).toContain(message);
  });

  it("refuses a huge body with a 413, and a malformed session handle with a 404", async () => {
    const cookie = await signIn(PEOPLE.noam);
    const huge = await post(
      "/account?lng=he",
      { intent: "change-password", currentPassword: "x".repeat(100_000) },
      {
        cookie,
      },
    );
    expect(huge.status).toBe(413);
    for (const session of ["", "../../etc", "x".repeat(500)]) {
      const response = await post("/account?lng=en", { intent: "sign-out-session", session }, { cookie });
      expect(response.status).toBe(404);
    }
  });

  it("signs out another session of one's own, and never another person's", async () => {
    const mine = await signIn(PEOPLE.omer);
    const myOther = await signIn(PEOPLE.omer, PEOPLE.omer.password, SAFARI_ON_IPHONE);
    const theirs = await signIn(PEOPLE.rina);
    const { handles: rinasHandles } = await sessionsOn(theirs);
    const before = await sessionsOn(mine);

    // Another person's session, posted by its handle: a 404, and it stays signed in.
    for (const handle of rinasHandles) {
      const refused = await post("/account?lng=he", { intent: "sign-out-session", session: handle }, { cookie: mine });
      expect(refused.status).toBe(404);
      expect(await refused.text()).toContain("זה לא אחד משאר החיבורים שלך");
    }
    expect(await signedIn(theirs)).toBe(true);

    // This session is not one to sign out from the list either.
    const currentHandle = /data-session="([\w-]+)"/.exec(before.html)![1]!;
    expect(
      (await post("/account", { intent: "sign-out-session", session: currentHandle }, { cookie: mine })).status,
    ).toBe(404);

    const otherHandle = before.handles.find((handle) => handle !== currentHandle)!;
    const response = await post("/account", { intent: "sign-out-session", session: otherHandle }, { cookie: mine });
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account");
    expect(decodeToast(cookieNamed(response, "alex_toast"))).toMatchObject({ message: "The session was signed out." });
    expect((await sessionsOn(mine)).handles).not.toContain(otherHandle);
    // Omer had exactly one session that was not this one with the Safari agent: it is the one that went.
    expect(await signedIn(myOther)).toBe(false);
    expect(await signedIn(mine)).toBe(true);
  });

  it("signs out of all other sessions, keeping this one", async () => {
    const mine = await signIn(PEOPLE.omer);
    const others = [await signIn(PEOPLE.omer), await signIn(PEOPLE.omer, PEOPLE.omer.password, SAFARI_ON_IPHONE)];
    const response = await post("/account?lng=en", { intent: "sign-out-others" }, { cookie: mine });
    expect(response.status).toBe(302);
    expect(decodeToast(cookieNamed(response, "alex_toast"))).toMatchObject({
      message: expect.stringMatching(/^\d+ other sessions? (was|were) signed out\.$/),
    });
    for (const cookie of others) expect(await signedIn(cookie)).toBe(false);
    expect(await signedIn(mine)).toBe(true);
    const { html, handles } = await sessionsOn(mine);
    expect(handles).toHaveLength(1);
    expect(html).toContain("No other session is signed in.");
  });

  it("changes the password: this session stays, the others end, the new password signs in", async () => {
    const person = PEOPLE.noam;
    const mine = await signIn(person);
    const other = await signIn(person, person.password, SAFARI_ON_IPHONE);
    const response = await post(
      "/account?lng=he",
      {
        intent: "change-password",
        currentPassword: person.password,
        password: "noam-changed-password",
        confirmPassword: "noam-changed-password",
      },
      { cookie: mine },
    );
    expect(response.status).toBe(302);
    expect(response.headers.get("Location")).toBe("/account");
    expect(decodeToast(cookieNamed(response, "alex_toast"))).toMatchObject({
      message: "הסיסמה שונתה. שאר החיבורים שלך נותקו.",
    });
    expect(await signedIn(mine)).toBe(true);
    expect(await signedIn(other)).toBe(false);
    expect((await post("/login", { username: person.username, password: person.password })).status).toBe(400);
    await signIn(person, "noam-changed-password");
  });

  it("limits wrong current passwords like sign-ins, with Retry-After, in the person's language", async () => {
    const cookie = await signIn(PEOPLE.tal);
    const wrong = {
      intent: "change-password",
      currentPassword: "wrong-password",
      password: "tal-new-password",
      confirmPassword: "tal-new-password",
    };
    for (let attempt = 0; attempt < 10; attempt++) {
      expect((await post("/account?lng=en", wrong, { cookie })).status).toBe(400);
    }
    const refused = await post("/account?lng=he", { ...wrong, currentPassword: PEOPLE.tal.password }, { cookie });
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(await refused.text()).toContain("יותר מדי סיסמאות שגויות");
    // Limited, even the right password changed nothing.
    await signIn(PEOPLE.tal);
  });

  it("is in the shell, linked from the person's name", async () => {
    const cookie = await signIn(PEOPLE.omer);
    const html = await (await call("/admin/dashboard?lng=en", { cookie })).text();
    expect(html).toMatch(/<a[^>]*href="\/account"[^>]*>/);
    expect(html).toContain("My account");
    expect((await call("/account")).headers.get("Location")).toBe("/login?redirectTo=%2Faccount");
  });
});

describe("the stored links", () => {
  it("hold only hashes, valid for one hour", async () => {
    await server.stop({ keepData: true });
    const rows = await inspectEmbeddedDatabase(server.dataDir, (db) =>
      db.select().from(accountTokens).where(eq(accountTokens.kind, "password_reset")),
    );
    const mailed = mails.map((mail) => /\/reset-password\/([\w-]{43})/.exec(mail.text ?? "")?.[1]).filter(Boolean);
    expect(mailed.length).toBeGreaterThan(3);
    for (const token of mailed) {
      const row = rows.find((candidate) => candidate.id === hashOf(token!));
      expect(row, "each mailed link has its hash stored").toBeDefined();
      expect(rows.some((candidate) => candidate.id === token)).toBe(false);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeGreaterThan(59 * 60 * 1000);
      expect(row!.expiresAt.getTime() - row!.createdAt.getTime()).toBeLessThan(61 * 60 * 1000);
    }
  });
});

describe("with mail off", () => {
  let mailless: RunningServer;
  beforeAll(async () => {
    mailless = await startServer(
      { LOG_LEVEL: "info" },
      { prepareDatabase: async (db) => void (await addPeople(db, [PEOPLE.dana])) },
    );
  }, 120_000);
  afterAll(async () => {
    await mailless?.stop();
  });

  it("answers the same, and logs that a reset was asked while mail is off", async () => {
    for (const login of ["dana@team.example", "nobody@team.example"]) {
      const response = await fetch(`${mailless.url}/forgot-password?lng=en`, {
        method: "POST",
        body: new URLSearchParams({ login }),
      });
      expect(response.status).toBe(200);
      expect(await response.text()).toContain(SENT.en);
    }
    const logged = await until(() =>
      mailless
        .output()
        .split("\n")
        .find((line) => line.includes('"account.reset_requested_mail_off"')),
    );
    expect(logged).not.toContain("dana@team.example");
    expect(mailless.output()).not.toContain("nobody@team.example");
  });
});
