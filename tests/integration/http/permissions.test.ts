import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operators } from "#db/schema.ts";
import { isBusinessRole, PERSON_ROLES, type PersonRole } from "#db/vocabulary.ts";
import { hashPassword } from "~/auth/password.server.ts";
import { can, permissionFor, ROUTE_ACCESS } from "~/auth/permissions.ts";
import routes from "~/routes.ts";
import { insertClient } from "../../support/factories.ts";
import { walkRoutes } from "../../support/route-walker.ts";
import { startServer, TEST_ADMIN, type RunningServer } from "../../support/server.ts";

/**
 * The one permission table (app/auth/permissions.ts) against the running server: every guarded route
 * of app/routes.ts is in it, and each role gets exactly what it says, on a read and on a post. A page
 * refused goes to the forbidden page before its loader or action runs; an API refused answers 403. A
 * business's person is sent from the back-office to their portal, and the team from the portal to the
 * back-office.
 */
const guarded = walkRoutes(routes).filter((route) => route.guard);
const PASSWORD = "a-team-member-password";
/** The server's own ADMIN_USERNAME operator is the owner; an admin and an agent join it, and a business's two people. */
const MEMBERS: Record<Exclude<PersonRole, "owner">, string> = {
  admin: "admin@team.example",
  agent: "agent@team.example",
  business_owner: "owner@bakery.example",
  business_staff: "staff@bakery.example",
};
const concrete = (pattern: string) => pattern.replace(/:\w+\??/g, "1").replace(/\*$/, "no-such-page");

let server: RunningServer;
let clientId = 0;
const cookies = {} as Record<PersonRole, string>;

async function signIn(username: string, password: string) {
  const response = await fetch(`${server.url}/login`, {
    method: "POST",
    body: new URLSearchParams({ username, password }),
    redirect: "manual",
  });
  const session = response.headers.getSetCookie().find((value) => value.startsWith("alex_session="));
  if (response.status !== 302 || !session) throw new Error(`${username} could not sign in (${response.status})`);
  return session.split(";")[0]!;
}

beforeAll(async () => {
  server = await startServer(
    {},
    {
      prepareDatabase: async (db) => {
        clientId = (await insertClient(db, { businessName: "Permission Bakery" })).id;
        const passwordHash = await hashPassword(PASSWORD);
        for (const [role, email] of Object.entries(MEMBERS)) {
          const business = isBusinessRole(role as PersonRole) ? clientId : null;
          await db
            .insert(operators)
            .values({ username: email, email, role: role as PersonRole, passwordHash, clientId: business });
        }
      },
    },
  );
  cookies.owner = await signIn(TEST_ADMIN.username, TEST_ADMIN.password);
  for (const [role, email] of Object.entries(MEMBERS)) cookies[role as PersonRole] = await signIn(email, PASSWORD);
}, 120_000);

afterAll(async () => {
  await server?.stop();
});

/** The request as the role makes it; the body of a stream (the live events) is not waited for. */
async function ask(role: PersonRole, method: "GET" | "POST", path: string) {
  const response = await fetch(`${server.url}${path}`, {
    method,
    headers: { Cookie: cookies[role], Origin: server.url },
    body: method === "POST" ? new URLSearchParams() : undefined,
    redirect: "manual",
  });
  await response.body?.cancel();
  return response;
}

describe("the permission table", () => {
  it("lists every guarded route of app/routes.ts, and nothing else", () => {
    const patterns = guarded.map((route) => route.pattern);
    expect(patterns.filter((pattern) => !(pattern in ROUTE_ACCESS))).toEqual([]);
    expect(Object.keys(ROUTE_ACCESS).filter((pattern) => !patterns.includes(pattern))).toEqual([]);
  });

  it.each(guarded.map((route) => [route.pattern, route] as const))(
    "%s: each role gets what the table says",
    async (_, route) => {
      const path = concrete(route.pattern);
      const methods = route.hasAction || route.guard === "api" ? (["GET", "POST"] as const) : (["GET"] as const);
      for (const role of PERSON_ROLES) {
        for (const method of methods) {
          const allowed = can(role, permissionFor(route.pattern, method)!);
          const response = await ask(role, method, path);
          const where = `${role} ${method} ${path}`;
          const sentTo = response.status === 302 ? response.headers.get("Location") : null;
          if (route.guard === "page") {
            const refusal = isBusinessRole(role) ? "/portal" : "/admin/forbidden";
            expect(sentTo === refusal, where).toBe(!allowed);
          } else if (route.guard === "portal") {
            const refusal = isBusinessRole(role) ? "/portal/forbidden" : "/admin";
            expect(sentTo === refusal, where).toBe(!allowed);
          } else {
            expect(response.status === 403, where).toBe(!allowed);
          }
          expect(response.status, where).toBeLessThan(500);
        }
      }
    },
  );

  it("shows the refusal in the shell, in the person's language", async () => {
    const page = await fetch(`${server.url}/admin/forbidden?lng=en`, { headers: { Cookie: cookies.agent } });
    expect(page.status).toBe(403);
    const html = await page.text();
    expect(html).toContain("No access");
    expect(html).toContain('href="/admin/chat-sessions"');
    const api = await fetch(`${server.url}/api/billing?lng=he`, { headers: { Cookie: cookies.agent } });
    expect(api.status).toBe(403);
    expect(await api.json()).toEqual({ error: "התפקיד שלך בצוות אינו מתיר זאת." });
  });

  it("opens an agent the client page's overview, conversations and training, and refuses its status change", async () => {
    const settings = await fetch(`${server.url}/admin/clients/${clientId}?tab=settings&lng=en`, {
      headers: { Cookie: cookies.agent },
    });
    expect(settings.status).toBe(200);
    const html = await settings.text();
    // The settings tab is not the agent's: the page opens on the overview, with no tab to reach it.
    const tabs = html.match(/<a [^>]*href="[^"]*\?tab=[^"]*"[^>]*>/g) ?? [];
    expect(tabs.map((tab) => /tab=(\w+)/.exec(tab)![1])).toEqual(["overview", "sessions", "training"]);
    expect(tabs.find((tab) => tab.includes('aria-current="page"'))).toContain("tab=overview");
    const suspend = await fetch(`${server.url}/admin/clients/${clientId}?tab=settings`, {
      method: "POST",
      headers: { Cookie: cookies.agent, Origin: server.url },
      body: new URLSearchParams({ status: "suspended", confirmed: "yes" }),
      redirect: "manual",
    });
    expect(suspend.status).toBe(403);
    const api = await fetch(`${server.url}/api/clients/${clientId}`, { headers: { Cookie: cookies.owner } });
    expect(((await api.json()) as { status: string }).status).toBe("active");
  });
});
