import type { RouteConfigEntry } from "@react-router/dev/routes";
import type { APIRequestContext, Page } from "@playwright/test";
import routes from "../../app/routes.ts";
import { SYSTEM_STATUS_TABS } from "../../app/checks/system-status-tabs.ts";
import { CLIENT_TABS } from "../../app/clients/client-tabs.ts";
import { CONFIG_TABS } from "../../app/clients/config/config-tabs.ts";
import { LEAD_LIST_KEYS } from "../../app/leads/lead-lists.ts";
import { PORTAL_TRAINING_TABS } from "../../app/portal/training-tabs.ts";
import {
  DESKTOP,
  expect,
  expectNoAxeViolations,
  expectNoSidewaysScroll,
  gotoHydrated,
  PHONE,
  test,
} from "./fixtures.ts";
import { inviteOn, signInToNewBusiness } from "./portal-fixtures.ts";

/**
 * Every page of the product, and every tab of a page with tabs, passes axe in both languages at a
 * phone's width and a desktop's. The pages come from app/routes.ts and the tabs from the registries
 * the pages draw them from, so a new page or tab is swept without anyone adding it here; a page whose
 * address needs a parameter this file cannot fill, or a tab the page shows that its registry lacks,
 * fails the sweep instead of going unchecked. The back-office is swept as the provider's operator, the
 * portal as the owner of a new business of the test's own. SWEEP_SCREENSHOTS=1 keeps a picture of each screen.
 */

/** Pages (route files) with their tabs (`?tab=`), from the list each page draws its tabs from. */
const TABS: Record<string, readonly string[]> = {
  "routes/admin/client.tsx": CLIENT_TABS,
  "routes/admin/client-config.tsx": CONFIG_TABS,
  "routes/admin/system-status.tsx": SYSTEM_STATUS_TABS,
  "routes/admin/leads.tsx": LEAD_LIST_KEYS,
  "routes/portal/training.tsx": PORTAL_TRAINING_TABS,
};

/**
 * Pages whose one state here is an answer other than 200, with what the test then expects: the page
 * a person refused sees, and a reset link that is no longer good (a working one needs the e-mail,
 * which the e2e server does not send: its form is the invitation's, swept with a real invitation).
 */
const ANSWERS: Record<string, { status: number; errorPages: RegExp }> = {
  "/admin/forbidden": { status: 403, errorPages: /^\/admin\/forbidden/ },
  "/portal/forbidden": { status: 403, errorPages: /^\/portal\/forbidden/ },
  "/reset-password/:token": { status: 410, errorPages: /^\/reset-password\// },
  "/portal/*": { status: 404, errorPages: /^\/portal\/no-such-page/ },
};

/** The bill's pay page loads PayPal's script from the stand-in that only tests/e2e/billing.spec.ts starts. */
const CONSOLE_ERRORS: Record<string, RegExp> = { "/pay/:token": /ERR_CONNECTION_REFUSED/ };

/** Pages left out, each swept elsewhere. */
const SWEPT_ELSEWHERE: Record<string, string> = {
  // The admin error and not-found panels: tests/e2e/admin-errors.spec.ts, in both languages.
  "routes/admin/failure-drill.tsx": "admin-errors.spec.ts",
  "routes/admin/not-found.tsx": "admin-errors.spec.ts",
  // A second address of the dashboard (/admin), which is swept at /admin/dashboard.
  "admin-index": "the dashboard",
};

type Screen = { path: string; file: string; id: string };

/** Each page route (a .tsx module without children) with its full address. */
function pagesOf(entries: RouteConfigEntry[], parent = ""): Screen[] {
  return entries.flatMap((entry) => {
    const path = [parent, entry.path ?? ""].filter(Boolean).join("/");
    if (entry.children?.length) return pagesOf(entry.children, path);
    if (!entry.file.endsWith(".tsx")) return [];
    return [{ path: `/${path}`, file: entry.file, id: entry.id ?? entry.file }];
  });
}

/**
 * How to fill an address's parameters: the demo's data, read through the operator APIs, or made for
 * the test (an invitation of a new business's person; the portal's conversation, below).
 */
const PARAMETERS: Record<string, (api: APIRequestContext, path: string) => Promise<string>> = {
  clientId: async (api) => {
    const [client] = (await (await api.get("/api/clients?q=alex-ai.example")).json()) as { id: number }[];
    return String(client!.id);
  },
  sessionId: async (api) => {
    const list = (await (await api.get("/api/admin/sessions?period=all")).json()) as {
      sessions: { sessionId: string }[];
    };
    return list.sessions[0]!.sessionId;
  },
  token: async (api, path) => {
    if (path.startsWith("/invite/")) return invitationToken(api);
    if (path.startsWith("/reset-password/")) return "r".repeat(43);
    const bills = (await (await api.get("/api/billing")).json()) as { payPath: string; status: string }[];
    const bill = bills.find((each) => each.status !== "paid") ?? bills[0]!;
    return bill.payPath.split("/").at(-1)!;
  },
};

/** An invitation's token: a new business's owner invited from its client page (mail is off: the page shows the link). */
async function invitationToken(api: APIRequestContext) {
  const { id } = (await (
    await api.post("/api/clients", {
      data: {
        businessName: "Sweep invitation",
        ownerEmail: "o@sweep.example",
        websiteDomain: "sweep.example",
        businessType: "retail",
      },
    })
  ).json()) as { id: number };
  const path = await inviteOn(api, `/admin/clients/${id}/people`, {
    email: `invited-${Date.now().toString(36)}@sweep.example`,
    displayName: "Sweep Invitee",
    role: "business_owner",
  });
  return new URL(path, "http://localhost").pathname.split("/").at(-1)!;
}

async function addressOf(screen: Screen, api: APIRequestContext, portalSession: () => Promise<string>) {
  let address = screen.path;
  for (const [whole, name] of screen.path.matchAll(/:(\w+)/g)) {
    const fill = screen.path.startsWith("/portal") && name === "sessionId" ? portalSession : PARAMETERS[name!];
    if (!fill) throw new Error(`${screen.file}: no demo value for ${whole}; add one to PARAMETERS`);
    address = address.replace(whole, await fill(api, screen.path));
  }
  return address;
}

/** A conversation of the business a portal test signed in to: its visitor's first message, through the chat API. */
async function visitorConversation(page: Page, licenseKey: string) {
  const response = await page.request.post("/api/wordpress/messages", {
    headers: { "X-Forwarded-For": `10.81.${Math.floor(Math.random() * 250)}.${Math.floor(Math.random() * 250) + 1}` },
    data: { license: licenseKey, clientMessageId: crypto.randomUUID(), message: "Hello, are you open today?" },
  });
  expect(response.status(), "the visitor's message").toBe(200);
  return ((await response.json()) as { sessionId: string }).sessionId;
}

/** The `tab` values of the page's link tabs (components/ui/link-tabs.tsx). */
async function tabsShown(page: Page) {
  const hrefs = await page
    .locator("nav a[href^='?']")
    .evaluateAll((links) => links.map((link) => link.getAttribute("href")!));
  return hrefs.map((href) => new URLSearchParams(href).get("tab")).filter((tab) => tab !== null);
}

const screens = pagesOf(routes).filter(
  (screen) => !(screen.file in SWEPT_ELSEWHERE) && !(screen.id in SWEPT_ELSEWHERE) && screen.path !== "/*",
);

test("the sweep finds the product's pages in app/routes.ts", () => {
  const paths = screens.map((screen) => screen.path);
  for (const path of [
    "/",
    "/privacy",
    "/terms",
    "/accessibility",
    "/admin/system-status",
    "/admin/clients/:clientId",
  ]) {
    expect(paths).toContain(path);
  }
});

for (const screen of screens) {
  const tabs = TABS[screen.file] ?? [undefined];
  const answer = ANSWERS[screen.path];
  // The investor pages have a language each (/invest-en, /invest-he): their address, not ?lng, names it.
  const fixedLanguage = /^invest-(en|he)$/.exec(screen.id)?.[1];
  test.describe(screen.path, () => {
    test.use({ expectedErrorPages: answer?.errorPages, allowedConsoleErrors: CONSOLE_ERRORS[screen.path] });
    for (const language of ["en", "he"] as const) {
      if (fixedLanguage && fixedLanguage !== language) continue;
      test(`axe: ${screen.path} in ${language}, every tab, phone and desktop`, async ({
        page,
        signIn,
        playwright,
        baseURL,
        operatorSessionCookies,
      }) => {
        // Axe on a long page takes seconds on a busy two-core machine; a page with many tabs, many of them.
        test.setTimeout(60_000 * Math.max(3, tabs.length));
        const portal = screen.path.startsWith("/portal");
        if (/^\/(admin|account|portal)\b/.test(screen.path)) await signIn();
        let licenseKey = "";
        if (portal) licenseKey = (await signInToNewBusiness(page)).business.licenseKey;
        let address = screen.path.replace(/\*$/, "no-such-page");
        if (address.includes(":")) {
          // Read as the operator, whether or not the page itself is public (a bill's pay page).
          const api = await playwright.request.newContext({
            baseURL,
            storageState: { cookies: operatorSessionCookies, origins: [] },
          });
          address = await addressOf(screen, api, () => visitorConversation(page, licenseKey));
          await api.dispose();
        }
        for (const tab of tabs) {
          const query = new URLSearchParams({ ...(tab ? { tab } : {}), lng: language });
          const url = `${address}?${query}`;
          await page.setViewportSize(DESKTOP);
          const response = await gotoHydrated(page, url);
          expect(response?.status(), url).toBe(answer?.status ?? 200);
          expect(new URL(page.url()).pathname, "the page it landed on").toBe(address);
          await expect(page.locator("html")).toHaveAttribute("lang", language);
          for (const shown of await tabsShown(page)) expect(tabs, `${url} shows the tab "${shown}"`).toContain(shown);
          for (const [width, viewport] of [
            ["desktop", DESKTOP],
            ["phone", PHONE],
          ] as const) {
            await page.setViewportSize(viewport);
            await test.step(`${url} on a ${width}`, async () => {
              await expectNoAxeViolations(page);
              await expectNoSidewaysScroll(page);
            });
            if (process.env.SWEEP_SCREENSHOTS) {
              const name = `${screen.path.replace(/[/:]+/g, "-").replace(/^-|-$/g, "") || "home"}${tab ? `-${tab}` : ""}`;
              await page.screenshot({ path: `screenshots/sweep/${name}-${language}-${width}.png`, fullPage: true });
            }
          }
        }
      });
    }
  });
}
