import { Secret, TOTP } from "otpauth";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operators } from "#db/schema.ts";
import { hashPassword } from "~/auth/password.server.ts";
import { startServer, type RunningServer } from "../../support/server.ts";

/**
 * The second factor against the built server, on a server of its own: the rule it turns on would send
 * every other test's operator to the set-up page. Codes are computed here from the key the set-up page
 * shows, as an authenticator app would.
 */
const OWNER = { username: "sf-owner", password: "owner-password-1234" };
const AGENT = { username: "sf-agent", password: "agent-password-1234" };

let server: RunningServer;
let ipCounter = 0;
const newIp = () => `198.51.100.${++ipCounter}`;

type Call = { cookie?: string; ip?: string; form?: Record<string, string>; method?: string };

function call(path: string, { cookie, ip = newIp(), form, method }: Call = {}) {
  const headers = new Headers({ "X-Forwarded-For": ip });
  if (cookie) headers.set("Cookie", cookie);
  return fetch(`${server.url}${path}`, {
    method: method ?? (form ? "POST" : "GET"),
    headers,
    body: form ? new URLSearchParams(form) : undefined,
    redirect: "manual",
  });
}

const cookieOf = (response: Response, name: string) =>
  response.headers
    .getSetCookie()
    .find((value) => value.startsWith(`${name}=`))
    ?.split(";")[0];

const totpOf = (key: string) =>
  new TOTP({ issuer: "Alex", algorithm: "SHA1", digits: 6, period: 30, secret: Secret.fromBase32(key) });
const stepNow = () => TOTP.counter({ period: 30 });
const codeOfStep = (key: string, step: number) => totpOf(key).generate({ timestamp: step * 30_000 + 1_000 });

async function signInWithPassword(person: typeof OWNER, ip = newIp()) {
  const response = await call("/login", { form: person, ip });
  expect(response.status).toBe(302);
  return response;
}

/** Signs in someone with no second factor: the session cookie. */
async function sessionOf(person: typeof OWNER) {
  const cookie = cookieOf(await signInWithPassword(person), "alex_session");
  expect(cookie).toBeTruthy();
  return cookie!;
}

/** Starts the set-up and reads the key the page shows. */
async function startSetup(cookie: string) {
  const started = await call("/account/second-factor", { cookie, form: { intent: "start" } });
  expect(started.status).toBe(302);
  expect(started.headers.get("Location")).toBe("/account/second-factor");
  const page = await (await call("/account/second-factor", { cookie })).text();
  expect(page).toContain("Set up your authenticator app");
  expect(page).toMatch(/data-testid="second-factor-qr"[^>]*><svg[^>]*viewBox/);
  const key = /data-testid="second-factor-key"[^>]*>([A-Z2-7 ]+)</.exec(page)?.[1]?.replaceAll(" ", "");
  expect(key).toMatch(/^[A-Z2-7]{32}$/);
  return key!;
}

const recoveryCodesIn = (html: string) => [...html.matchAll(/<li>([a-z2-9]{4}-[a-z2-9]{4})<\/li>/g)].map((m) => m[1]!);

beforeAll(async () => {
  server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        await db.insert(operators).values([
          { username: OWNER.username, passwordHash: await hashPassword(OWNER.password), role: "owner" },
          { username: AGENT.username, passwordHash: await hashPassword(AGENT.password), role: "agent" },
        ]);
      },
    },
  );
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

describe("the second factor", () => {
  let ownerKey = "";
  let ownerStep = 0;
  let ownerSession = "";
  let recoveryCodes: string[] = [];

  it("is set up with a QR code and the key, confirmed with a current code, and shows ten recovery codes once", async () => {
    const cookie = await sessionOf(OWNER);
    const before = await (await call("/account/second-factor", { cookie })).text();
    expect(before).toContain("Set up a second factor");
    ownerKey = await startSetup(cookie);

    // Not on until confirmed: the password alone still signs in.
    expect(cookieOf(await signInWithPassword(OWNER), "alex_session")).toBeTruthy();

    const wrong = await call("/account/second-factor", { cookie, form: { intent: "confirm", code: "000000" } });
    expect(wrong.status).toBe(400);
    expect(await wrong.text()).toContain("The code is wrong or was already used");

    ownerStep = stepNow();
    const confirmed = await call("/account/second-factor", {
      cookie,
      form: { intent: "confirm", code: codeOfStep(ownerKey, ownerStep) },
    });
    expect(confirmed.status).toBe(200);
    const html = await confirmed.text();
    expect(html).toContain("Your recovery codes");
    recoveryCodes = recoveryCodesIn(html);
    expect(recoveryCodes).toHaveLength(10);
    expect(new Set(recoveryCodes).size).toBe(10);

    const after = await (await call("/account/second-factor", { cookie })).text();
    expect(after).toContain("On since");
    expect(after).toContain("10 unused recovery codes left.");
    expect(after).not.toContain(ownerKey.slice(0, 4) + " " + ownerKey.slice(4, 8));
    expect(recoveryCodesIn(after)).toEqual([]);
  });

  it("asks for the code after the password, in a step of its own, and takes each code once", async () => {
    const password = await signInWithPassword({ ...OWNER });
    expect(password.headers.get("Location")).toBe("/login/second-factor");
    expect(cookieOf(password, "alex_session")).toBeUndefined();
    const pending = cookieOf(password, "alex_second_step")!;
    expect(pending).toBeTruthy();
    expect(password.headers.getSetCookie().find((c) => c.startsWith("alex_second_step="))).toMatch(/Max-Age=300/);

    const page = await call("/login/second-factor", { cookie: pending });
    expect(page.status).toBe(200);
    expect(await page.text()).toContain("Enter your code");

    // The code just used to confirm the set-up is refused: once within its window.
    const replayed = await call("/login/second-factor", {
      cookie: pending,
      form: { code: codeOfStep(ownerKey, ownerStep) },
    });
    expect(replayed.status).toBe(400);
    expect(cookieOf(replayed, "alex_session")).toBeUndefined();

    // The next window's code is accepted (a phone's clock a little ahead).
    const nextCode = codeOfStep(ownerKey, ownerStep + 1);
    const signedIn = await call("/login/second-factor", { cookie: pending, form: { code: nextCode } });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/admin/dashboard");
    ownerSession = cookieOf(signedIn, "alex_session")!;
    expect(ownerSession).toBeTruthy();
    expect((await call("/admin/dashboard", { cookie: ownerSession })).status).toBe(200);

    // The same code again, on a new sign-in: refused.
    const again = cookieOf(await signInWithPassword(OWNER), "alex_second_step")!;
    const reused = await call("/login/second-factor", { cookie: again, form: { code: nextCode } });
    expect(reused.status).toBe(400);
    expect(await reused.text()).toContain("The code is wrong or was already used");
  });

  it("goes on to the page the person was going to", async () => {
    const password = await call("/login", { form: { ...OWNER, redirectTo: "/admin/leads?q=a" } });
    const pending = cookieOf(password, "alex_second_step")!;
    const code = recoveryCodes.pop()!;
    const signedIn = await call("/login/second-factor", { cookie: pending, form: { code } });
    expect(signedIn.status).toBe(302);
    expect(signedIn.headers.get("Location")).toBe("/admin/leads?q=a");
  });

  it("takes a recovery code once", async () => {
    const code = recoveryCodes.pop()!;
    const first = cookieOf(await signInWithPassword(OWNER), "alex_second_step")!;
    const used = await call("/login/second-factor", { cookie: first, form: { code: code.toUpperCase() } });
    expect(used.status).toBe(302);
    expect(cookieOf(used, "alex_session")).toBeTruthy();

    const second = cookieOf(await signInWithPassword(OWNER), "alex_second_step")!;
    const reused = await call("/login/second-factor", { cookie: second, form: { code } });
    expect(reused.status).toBe(400);
    expect(cookieOf(reused, "alex_session")).toBeUndefined();

    const page = await (await call("/account/second-factor", { cookie: ownerSession })).text();
    expect(page).toContain("8 unused recovery codes left.");
  });

  it("refuses bad input with a 4xx in the person's language, never a 500", async () => {
    const cases: { path: string; form: Record<string, string>; cookie?: string; en: string; he: string }[] = [
      {
        path: "/account/second-factor",
        cookie: ownerSession,
        form: { intent: "recovery-codes", code: "" },
        en: "Enter the code.",
        he: "הזינו את הקוד.",
      },
      {
        path: "/account/second-factor",
        cookie: ownerSession,
        form: { intent: "turn-off", password: "", code: "123456" },
        en: "Enter your password.",
        he: "הזינו את הסיסמה.",
      },
      {
        path: "/account/second-factor",
        cookie: ownerSession,
        form: { intent: "recovery-codes", code: "1".repeat(41) },
        en: "This is not a code.",
        he: "זה לא קוד.",
      },
      {
        path: "/login/second-factor",
        form: { code: "123456" },
        en: "Your sign-in took too long or has ended.",
        he: "הכניסה ארכה יותר מדי או הסתיימה.",
      },
      {
        path: "/login/second-factor",
        cookie: "alex_second_step=eyJvcGVyYXRvcklkIjoxfQ%3D%3D.forged",
        form: { code: "123456" },
        en: "Your sign-in took too long or has ended.",
        he: "הכניסה ארכה יותר מדי או הסתיימה.",
      },
    ];
    for (const { path, form, cookie, en, he } of cases) {
      for (const [language, text] of [
        ["en", en],
        ["he", he],
      ] as const) {
        const response = await call(`${path}?lng=${language}`, { cookie, form });
        expect(response.status, `${path} ${JSON.stringify(form)} ${language}`).toBe(400);
        expect(await response.text()).toContain(text);
      }
    }
    const odd: Record<string, string>[] = [
      { intent: "no-such-intent" },
      { intent: "confirm", code: "1".repeat(500) },
      {},
    ];
    for (const form of odd) {
      const response = await call("/account/second-factor", { cookie: ownerSession, form });
      expect(response.status).toBe(400);
    }
    const long = await call("/login/second-factor", { form: { code: "x".repeat(5_000) } });
    expect(long.status).toBe(400);
    const late = await call("/login/second-factor");
    expect(late.status).toBe(200);
    expect(await late.text()).toContain("Your sign-in took too long or has ended.");
  });

  it("lets the owner require a second factor of everyone, sends a person without one to set it up, and lets them work after", async () => {
    const agent = await sessionOf(AGENT);
    // The rule is the owner's: an agent is refused.
    const refused = await call("/account/second-factor", {
      cookie: agent,
      form: { intent: "policy", requireSecondFactor: "on" },
    });
    expect(refused.status).toBe(403);
    expect(await (await call("/account/second-factor", { cookie: agent })).text()).not.toContain(
      "Require a second factor of everyone",
    );

    const on = await call("/account/second-factor", {
      cookie: ownerSession,
      form: { intent: "policy", requireSecondFactor: "on" },
    });
    expect(on.status).toBe(302);

    const page = await call("/admin/leads", { cookie: agent });
    expect(page.status).toBe(302);
    expect(page.headers.get("Location")).toBe("/account/second-factor");
    const api = await call("/api/completed-functions", { cookie: agent });
    expect(api.status).toBe(403);
    expect(((await api.json()) as { error: string }).error).toContain("second factor");
    const apiHe = await call("/api/completed-functions?lng=he", { cookie: agent });
    expect(((await apiHe.json()) as { error: string }).error).toContain("אימות דו-שלבי");
    const setupPage = await call("/account/second-factor", { cookie: agent });
    expect(setupPage.status).toBe(200);
    expect(await setupPage.text()).toContain("The team requires a second factor");

    const key = await startSetup(agent);
    const step = stepNow();
    const confirmed = await call("/account/second-factor", {
      cookie: agent,
      form: { intent: "confirm", code: codeOfStep(key, step) },
    });
    expect(confirmed.status).toBe(200);
    const firstCodes = recoveryCodesIn(await confirmed.text());
    expect(firstCodes).toHaveLength(10);

    expect((await call("/admin/leads", { cookie: agent })).status).toBe(200);
    expect((await call("/api/completed-functions", { cookie: agent })).status).toBe(200);

    // Not while the team requires it.
    const turnOff = await call("/account/second-factor", {
      cookie: agent,
      form: { intent: "turn-off", password: AGENT.password, code: firstCodes[0]! },
    });
    expect(turnOff.status).toBe(409);
    expect(await turnOff.text()).toContain("cannot be turned off");

    // New recovery codes, with a current code: the old ones stop working.
    const renewed = await call("/account/second-factor", {
      cookie: agent,
      form: { intent: "recovery-codes", code: codeOfStep(key, step + 1) },
    });
    expect(renewed.status).toBe(200);
    const newCodes = recoveryCodesIn(await renewed.text());
    expect(newCodes).toHaveLength(10);
    expect(newCodes.some((code) => firstCodes.includes(code))).toBe(false);

    const off = await call("/account/second-factor", {
      cookie: ownerSession,
      form: { intent: "policy" },
    });
    expect(off.status).toBe(302);

    const oldCode = await call("/account/second-factor", {
      cookie: agent,
      form: { intent: "turn-off", password: AGENT.password, code: firstCodes[1]! },
    });
    expect(oldCode.status).toBe(400);
    const wrongPassword = await call("/account/second-factor", {
      cookie: agent,
      form: { intent: "turn-off", password: "not-the-password", code: newCodes[0]! },
    });
    expect(wrongPassword.status).toBe(400);
    expect(await wrongPassword.text()).toContain("The password is incorrect.");
    const turnedOff = await call("/account/second-factor", {
      cookie: agent,
      form: { intent: "turn-off", password: AGENT.password, code: newCodes[0]! },
    });
    expect(turnedOff.status).toBe(302);
    // Off: the password alone signs in again.
    expect(cookieOf(await signInWithPassword(AGENT), "alex_session")).toBeTruthy();
  });

  it("limits wrong codes like wrong passwords: ten in 15 minutes per person, from any address, then 429 with Retry-After", async () => {
    const statuses: number[] = [];
    for (let attempt = 0; attempt < 12; attempt++) {
      const pending = cookieOf(await signInWithPassword(OWNER), "alex_second_step")!;
      const response = await call("/login/second-factor", { cookie: pending, form: { code: "000000" } });
      statuses.push(response.status);
      if (response.status === 429) {
        expect(Number(response.headers.get("Retry-After"))).toBeGreaterThan(0);
        expect(await response.text()).toContain("Too many wrong codes");
        break;
      }
    }
    expect(statuses.at(-1)).toBe(429);
    expect(statuses.filter((status) => status === 400).length).toBeLessThanOrEqual(10);

    // Held for every address, with the right code too, and in Hebrew.
    const pending = cookieOf(await signInWithPassword(OWNER), "alex_second_step")!;
    const limited = await call("/login/second-factor?lng=he", {
      cookie: pending,
      form: { code: codeOfStep(ownerKey, stepNow()) },
    });
    expect(limited.status).toBe(429);
    expect(limited.headers.get("Retry-After")).toMatch(/^\d+$/);
    expect(await limited.text()).toContain("יותר מדי קודים שגויים");
    expect(cookieOf(limited, "alex_session")).toBeUndefined();
  });
});
