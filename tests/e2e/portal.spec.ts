import { mkdirSync } from "node:fs";
import type { Browser, Page } from "@playwright/test";
import {
  DESKTOP,
  expect,
  expectNoSidewaysScroll,
  gotoHydrated,
  htmlDirection,
  PHONE,
  recordRawKeys,
  test,
  waitForHydration,
} from "./fixtures.ts";
import { newBusiness } from "./portal-fixtures.ts";

const SHOTS = "/tmp/shots-portal";
mkdirSync(SHOTS, { recursive: true });

const TEXT = {
  en: {
    people: "People",
    email: "E-mail",
    name: "Name",
    role: "Role",
    staff: "Staff",
    send: "Send invitation",
    join: (business: string) => `Join ${business} on Alex`,
    yourName: "Your name",
    password: "Password",
    again: "Password again",
    submit: "Join and sign in",
    welcome: (name: string, business: string) => `Welcome, ${name}! This is ${business}'s portal.`,
    conversations: "Conversations",
    bills: "Bills",
    menu: "Open menu",
    noAccess: "No access",
  },
  he: {
    people: "אנשים",
    email: "אימייל",
    name: "שם",
    role: "תפקיד",
    staff: "צוות",
    send: "שליחת הזמנה",
    join: (business: string) => `הצטרפות ל${business} ב-Alex`,
    yourName: "השם שלך",
    password: "סיסמה",
    again: "הסיסמה שוב",
    submit: "הצטרפות וכניסה",
    welcome: (name: string, business: string) => `ברוך/ה הבא/ה, ${name}! זה הפורטל של ${business}.`,
    conversations: "שיחות",
    bills: "חשבונות",
    menu: "פתיחת תפריט",
    noAccess: "אין גישה",
  },
} as const;

type Language = keyof typeof TEXT;

/** The navigation links the person sees: the side bar on a desktop, the menu's dialog on a phone. */
async function navigation(page: Page, phone: boolean, menu: string) {
  if (!phone) return page.getByRole("navigation").last();
  await page.getByRole("button", { name: menu }).click();
  return page.getByRole("dialog");
}

/** Fills and sends a people page's invitation form; answers the link it shows once (mail is off). */
async function invite(page: Page, language: Language, person: { email: string; name: string; staff?: boolean }) {
  const text = TEXT[language];
  await page.getByLabel(text.email, { exact: true }).fill(person.email);
  await page.getByLabel(text.name, { exact: true }).fill(person.name);
  if (person.staff) await page.getByLabel(text.role, { exact: true }).selectOption({ label: text.staff });
  await page.getByRole("button", { name: text.send }).click();
  const link = page.getByTestId("invite-link");
  await expect(link).toBeVisible();
  return (await link.textContent())!.trim();
}

/** The invited person joins by the link, in a browser of their own; answers their page, on the portal. */
async function joinByLink(
  browser: Browser,
  link: string,
  language: Language,
  viewport: typeof PHONE,
  who: { name: string; business: string },
) {
  const text = TEXT[language];
  // An address of its own: the invitation page's per-address limit is for the browsers of other tests.
  const address = `10.80.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}`;
  const context = await browser.newContext({ viewport, extraHTTPHeaders: { "X-Forwarded-For": address } });
  const page = await context.newPage();
  const rawKeys = await recordRawKeys(page);
  const errors: string[] = [];
  page.on("pageerror", (error) => errors.push(error.message));
  expect((await page.goto(link))?.status()).toBe(200);
  await waitForHydration(page);
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(text.join(who.business));
  await page.getByLabel(text.yourName, { exact: true }).fill(who.name);
  await page.getByLabel(text.password, { exact: true }).fill("portal-password-123");
  await page.getByLabel(text.again, { exact: true }).fill("portal-password-123");
  await page.getByRole("button", { name: text.submit }).click();
  await expect(page).toHaveURL("/portal");
  await expect(page.getByRole("heading", { level: 1 })).toHaveText(who.business);
  await expect(page.getByText(text.welcome(who.name, who.business)).first()).toBeVisible();
  return { page, context, problems: () => [...errors, ...rawKeys] };
}

for (const [language, device, viewport] of [
  ["he", "phone", PHONE],
  ["en", "desktop", DESKTOP],
] as const) {
  test(`an operator invites a business's owner, who invites staff; staff sees no bills (${language}, ${device})`, async ({
    page,
    signIn,
    browser,
  }) => {
    const text = TEXT[language];
    const phone = device === "phone";
    const stamp = `${language}-${device}-${Date.now()}`;
    await page.setViewportSize(viewport);
    await signIn();
    const business = await newBusiness(page, language === "he" ? "מאפיית הפורטל" : "Portal Bakery");

    // The operator: from the client page to its people.
    await gotoHydrated(page, `/admin/clients/${business.id}?lng=${language}`);
    await page.getByRole("link", { name: text.people, exact: true }).click();
    await expect(page).toHaveURL(`/admin/clients/${business.id}/people`);
    expect(await htmlDirection(page)).toBe(language === "he" ? "rtl" : "ltr");
    const ownerLink = await invite(page, language, { email: `owner-${stamp}@portal.example`, name: "Noa" });
    await page.screenshot({ path: `${SHOTS}/client-people-${language}-${device}.png`, fullPage: true });

    // The business's owner joins and lands in the portal, which names the business.
    const owner = await joinByLink(browser, ownerLink, language, viewport, {
      name: "Noa",
      business: business.businessName,
    });
    await expectNoSidewaysScroll(owner.page);
    await owner.page.screenshot({ path: `${SHOTS}/portal-home-${language}-${device}.png`, fullPage: true });
    const ownerNav = await navigation(owner.page, phone, text.menu);
    await expect(ownerNav.getByRole("link", { name: text.bills })).toBeVisible();
    await ownerNav.getByRole("link", { name: text.people }).click();
    await expect(owner.page).toHaveURL("/portal/people");
    const staffLink = await invite(owner.page, language, {
      email: `staff-${stamp}@portal.example`,
      name: "Avi",
      staff: true,
    });
    await owner.page.screenshot({ path: `${SHOTS}/portal-people-${language}-${device}.png`, fullPage: true });

    // Staff: the conversations are theirs to work, the bills and the people are not.
    const staff = await joinByLink(browser, staffLink, language, viewport, {
      name: "Avi",
      business: business.businessName,
    });
    const staffNav = await navigation(staff.page, phone, text.menu);
    await expect(staffNav.getByRole("link", { name: text.conversations })).toBeVisible();
    await expect(staffNav.getByRole("link", { name: text.bills })).toHaveCount(0);
    await expect(staffNav.getByRole("link", { name: text.people })).toHaveCount(0);
    if (phone) await staff.page.keyboard.press("Escape");
    await staff.page.goto("/portal/people");
    await expect(staff.page).toHaveURL("/portal/forbidden");
    await expect(staff.page.getByRole("heading", { level: 1 })).toHaveText(text.noAccess);
    // The back-office is not theirs either: its address leads home to the portal.
    await staff.page.goto("/admin/clients");
    await expect(staff.page).toHaveURL("/portal");

    expect([...owner.problems(), ...staff.problems()]).toEqual([]);
    await owner.context.close();
    await staff.context.close();
  });
}
