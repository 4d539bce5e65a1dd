import { mkdirSync } from "node:fs";
import type { Page } from "@playwright/test";
import {
  DESKTOP,
  expect,
  gotoHydrated,
  htmlDirection,
  PHONE,
  recordRawKeys,
  test,
  waitForHydration,
} from "./fixtures.ts";

const SHOTS = "/tmp/shots-team";
const escape = (text: string) => text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
mkdirSync(SHOTS, { recursive: true });

const TEXT = {
  en: {
    team: "Team",
    email: "E-mail",
    name: "Name",
    send: "Send invitation",
    created: (email: string) => new RegExp(`^Invitation for \u2068${escape(email)}\u2069 created$`),
    join: "Join the team",
    invitedAs: "as Agent",
    yourName: "Your name",
    password: "Password",
    again: "Password again",
    submit: "Join and sign in",
    welcome: (name: string) => `Welcome to the team, ${name}!`,
    dashboard: "Dashboard",
    leads: "Leads",
    billing: "Billing",
    menu: "Open menu",
    noAccess: "No access",
  },
  he: {
    team: "צוות",
    email: "אימייל",
    name: "שם",
    send: "שליחת הזמנה",
    created: (email: string) => new RegExp(`^נוצרה הזמנה עבור \u2068${escape(email)}\u2069$`),
    join: "הצטרפות לצוות",
    invitedAs: "בתפקיד נציג",
    yourName: "השם שלך",
    password: "סיסמה",
    again: "הסיסמה שוב",
    submit: "הצטרפות וכניסה",
    welcome: (name: string) => `ברוך/ה הבא/ה לצוות, ${name}!`,
    dashboard: "לוח בקרה",
    leads: "לידים",
    billing: "חיובים",
    menu: "פתיחת תפריט",
    noAccess: "אין גישה",
  },
} as const;

/** The navigation links the person sees: the side bar on a desktop, the menu's dialog on a phone. */
async function navigation(page: Page, phone: boolean, menu: string) {
  if (!phone) return page.getByRole("navigation").last();
  await page.getByRole("button", { name: menu }).click();
  return page.getByRole("dialog");
}

for (const language of ["en", "he"] as const) {
  for (const [device, viewport] of [
    ["phone", PHONE],
    ["desktop", DESKTOP],
  ] as const) {
    test(`an owner invites an agent with mail off, who joins by the link shown once (${language}, ${device})`, async ({
      page,
      signIn,
      browser,
    }, testInfo) => {
      const text = TEXT[language];
      const phone = device === "phone";
      const email = `agent-${language}-${device}-${testInfo.workerIndex}-${Date.now()}@team.example`;
      const name = language === "he" ? `נועה ${device}` : `Noa ${device}`;

      await page.setViewportSize(viewport);
      await signIn();
      await gotoHydrated(page, `/admin/team?lng=${language}`);
      await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.team);
      expect(await htmlDirection(page)).toBe(language === "he" ? "rtl" : "ltr");

      await page.getByLabel(text.email, { exact: true }).fill(email);
      await page.getByLabel(text.name, { exact: true }).fill(name);
      await page.getByRole("button", { name: text.send, exact: true }).click();
      await expect(page.getByText(text.created(email))).toBeVisible();
      const link = (await page.getByTestId("invite-link").textContent())!.trim();
      expect(link).toMatch(new RegExp(`/invite/[A-Za-z0-9_-]{43}\\?lng=${language}$`));
      // The person is listed as invited.
      await expect(page.getByText(email, { exact: true }).filter({ visible: true })).toBeVisible();
      await page.screenshot({ path: `${SHOTS}/team-${language}-${device}.png`, fullPage: true });

      // The invited person, in a browser of their own.
      const theirs = await browser.newContext({ viewport });
      const invitee = await theirs.newPage();
      const rawKeys = await recordRawKeys(invitee);
      const errors: string[] = [];
      invitee.on("pageerror", (error) => errors.push(error.message));
      const opened = await invitee.goto(link);
      expect(opened?.status()).toBe(200);
      await waitForHydration(invitee);
      await expect(invitee.getByRole("heading", { level: 1 })).toHaveText(text.join);
      await expect(invitee.getByText(text.invitedAs)).toBeVisible();
      expect(await htmlDirection(invitee)).toBe(language === "he" ? "rtl" : "ltr");
      await invitee.screenshot({ path: `${SHOTS}/invite-${language}-${device}.png`, fullPage: true });

      await invitee.getByLabel(text.yourName, { exact: true }).fill(name);
      await invitee.getByLabel(text.password, { exact: true }).fill("noa-password-123");
      await invitee.getByLabel(text.again, { exact: true }).fill("noa-password-123");
      await invitee.getByRole("button", { name: text.submit }).click();

      await expect(invitee).toHaveURL("/admin/dashboard");
      await expect(invitee.getByRole("heading", { level: 1 })).toHaveText(text.dashboard);
      await expect(invitee.getByText(text.welcome(name)).first()).toBeVisible();
      await expect(invitee.locator(".sr-only", { hasText: name })).toHaveCount(1);
      const nav = await navigation(invitee, phone, text.menu);
      await expect(nav.getByRole("link", { name: text.leads })).toBeVisible();
      await expect(nav.getByRole("link", { name: text.billing })).toHaveCount(0);
      await expect(nav.getByRole("link", { name: text.team })).toHaveCount(0);
      await invitee.screenshot({ path: `${SHOTS}/agent-dashboard-${language}-${device}.png`, fullPage: true });
      if (phone) await invitee.keyboard.press("Escape");

      // Billing is not the agent's: the 403 panel, inside the shell.
      await invitee.goto("/admin/billing");
      await expect(invitee).toHaveURL("/admin/forbidden");
      await expect(invitee.getByRole("heading", { level: 1 })).toHaveText(text.noAccess);
      await invitee.screenshot({ path: `${SHOTS}/agent-forbidden-${language}-${device}.png`, fullPage: true });

      // The link worked once.
      const reused = await invitee.goto(link);
      expect(reused?.status()).toBe(410);

      expect(errors).toEqual([]);
      expect([...rawKeys]).toEqual([]);
      await theirs.close();

      // The owner's list now shows them active.
      await gotoHydrated(page, `/admin/team?lng=${language}`);
      await expect(page.getByText(name, { exact: true }).filter({ visible: true })).toBeVisible();
    });
  }
}
