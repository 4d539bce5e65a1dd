import type { APIRequestContext, Page } from "@playwright/test";
import { expect } from "./fixtures.ts";

/** The password every person a portal test makes chooses on joining. */
export const PORTAL_PASSWORD = "a-portal-password-1";

export type BusinessRoleName = "business_owner" | "business_staff";
export type Business = { id: number; businessName: string; licenseKey: string };
export type BusinessPerson = { email: string; displayName: string; role: BusinessRoleName };

const unique = () => `${Date.now().toString(36)}${Math.random().toString(36).slice(2, 6)}`;

/**
 * A business of the test's own, made through the operators' API (the page's context must hold the
 * operator's session: call the `signIn` fixture first), so tests running side by side never meet.
 */
export async function newBusiness(page: Page, name = "Portal business"): Promise<Business> {
  const businessName = `${name} ${unique()}`;
  const response = await page.request.post("/api/clients", {
    data: {
      businessName,
      ownerEmail: "owner@portal.example",
      websiteDomain: "portal.example",
      businessType: "restaurant",
    },
  });
  expect(response.status(), "the new client's answer").toBe(201);
  const { id, licenseKey } = (await response.json()) as { id: number; licenseKey: string };
  return { id, businessName, licenseKey };
}

/**
 * Invites a person on a people page (`/admin/clients/{id}/people` as an operator, `/portal/people` as a
 * business's owner) with the request's session; mail is off on the test server, so the page shows the
 * link once, as it would to the person who invited. Answers the link's path.
 */
export async function inviteOn(request: APIRequestContext, peoplePath: string, person: BusinessPerson) {
  const response = await request.post(`${peoplePath}?lng=en`, {
    form: { intent: "invite", email: person.email, displayName: person.displayName, role: person.role },
    maxRedirects: 0,
  });
  expect(response.status(), "the invitation's answer").toBe(200);
  const link = /data-testid="invite-link"[^>]*>(https?:\/\/[^<]+)</.exec(await response.text())?.[1];
  if (!link) throw new Error(`no invitation link on ${peoplePath}`);
  const url = new URL(link.replaceAll("&amp;", "&"));
  return `${url.pathname}${url.search}`;
}

/** Accepts an invitation with the request's context, which then holds the new person's session. */
export async function join(request: APIRequestContext, invitePath: string, displayName: string) {
  const response = await request.post(invitePath, {
    // An address of its own: the invitation page's per-address limit is for the browsers of other tests.
    headers: { "X-Forwarded-For": `10.79.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
    form: { displayName, password: PORTAL_PASSWORD, confirmPassword: PORTAL_PASSWORD },
    maxRedirects: 0,
  });
  expect(response.status(), "joining's answer").toBe(302);
  expect(response.headers().location).toBe("/portal");
}

/**
 * A new business with one person of it signed in in the page's context, in place of the operator:
 * invited from the client page by the operator (whose session the page held), joined by the link.
 */
export async function signInToNewBusiness(
  page: Page,
  { role = "business_owner", name }: { role?: BusinessRoleName; name?: string } = {},
) {
  const business = await newBusiness(page, name);
  // An address that is no role's identifier: pages that list people show it, and the e2e watch flags identifiers.
  const mailbox = role === "business_owner" ? "owner" : "staff";
  const person: BusinessPerson = { email: `${mailbox}-${unique()}@portal.example`, displayName: "Dana Portal", role };
  const invitePath = await inviteOn(page.request, `/admin/clients/${business.id}/people`, person);
  await page.context().clearCookies();
  await join(page.request, invitePath, person.displayName);
  return { business, person };
}
