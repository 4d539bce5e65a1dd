import { describe, expect, it } from "vitest";
import routes from "~/routes.ts";
import { request } from "../../support/http.ts";
import { walkRoutes } from "../../support/route-walker.ts";

/**
 * Every route in app/routes.ts is public (listed here, on purpose) or sits under one of the two
 * guards. A new route that is neither fails this test, so nothing becomes public by accident.
 */
const PUBLIC_ROUTE_FILES = new Set([
  "routes/home.tsx",
  "routes/contact.tsx",
  "routes/newsletter.tsx",
  "routes/login.tsx",
  // The sign-in's second step: it asks for the code of whoever gave the right password (a signed cookie says who).
  "routes/login-second-factor.tsx",
  "routes/logout.ts",
  // A lost password: the same answer for every address, limited per address and per name; the reset link's token names the person.
  "routes/forgot-password.tsx",
  "routes/reset-password.tsx",
  "routes/healthz.ts",
  "routes/not-found.tsx",
  "routes/minimal-chat-demo.tsx",
  "routes/test-plugin-preview.tsx",
  "routes/invest.tsx",
  "routes/api/investment-inquiry.ts",
  // The privacy policy, the terms and the accessibility statement.
  "routes/legal.tsx",
  // The widget's message API: the license key names the client; no AI is called for an unknown or inactive one.
  "routes/api/wordpress-messages.ts",
  // The plugin's chat UI and the two calls its script makes besides the message API (visitors, no login).
  "routes/api/wordpress-chat-ui.ts",
  "routes/api/wordpress-history.ts",
  "routes/api/wordpress-feedback.ts",
  // "How did we do?": the license and the session's unguessable id name the conversation; rate limited per address.
  "routes/api/wordpress-rating.ts",
  "routes/api/wordpress-chat-events.ts",
  // The installed plugin asks these with its license: is this site registered, is there a newer plugin, and
  // the plugin's ZIP itself (which carries no secret).
  "routes/api/wordpress-site-status.ts",
  "routes/api/wordpress-plugin-update.ts",
  "routes/api/wordpress-plugin-package.ts",
  // Paying a bill: the unguessable pay token (or an order this server opened for it) names the bill; PayPal's webhook is verified through PayPal.
  "routes/pay.tsx",
  // Joining the team: the unguessable one-time invitation link names the person; rate limited per address.
  "routes/invite.tsx",
  "routes/api/paypal-setup.ts",
  "routes/api/paypal-order.ts",
  "routes/api/paypal-capture.ts",
  "routes/api/paypal-webhook.ts",
  "routes/api/cardcom-webhook.ts",
  // WhatsApp's and Telegram's webhooks: WhatsApp's signed with the client's app secret, Telegram's carrying the secret we set.
  "routes/api/channels-whatsapp.ts",
  "routes/api/channels-telegram.ts",
  // Public only as the /api/wordpress/* catch-all; the same module answers unknown operator APIs behind the guard.
  "routes/api/not-found.ts",
]);
/** A concrete URL for a route pattern: params become 1, a splat becomes a made-up path. */
const concrete = (pattern: string) => pattern.replace(/:\w+\??/g, "1").replace(/\*$/, "no-such-page");

const allRoutes = walkRoutes(routes);

describe("the route table", () => {
  it("classifies every route as public or guarded", () => {
    const unclassified = allRoutes.filter((route) => !route.guard && !PUBLIC_ROUTE_FILES.has(route.file));
    expect(unclassified).toEqual([]);
    expect(allRoutes.filter((route) => route.guard).length).toBeGreaterThan(3);
  });

  const pages = allRoutes.filter((route) => route.guard === "page" || route.guard === "portal");
  it.each(pages.map((route) => [route.pattern, route] as const))(
    "page %s redirects an anonymous visitor to login",
    async (_, route) => {
      const url = concrete(route.pattern);
      for (const method of ["GET", "POST"]) {
        const response = await request(url, { method });
        expect(response.status, `${method} ${url}`).toBe(302);
        expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: url })}`);
      }
      const data = await request(`${url.replace(/\/$/, "")}.data`);
      expect([202, 204, 302]).toContain(data.status);
      expect(data.headers.get("X-Remix-Redirect") ?? (await data.text())).toContain("/login");
    },
  );

  const apis = allRoutes.filter((route) => route.guard === "api");
  it.each(apis.map((route) => [route.pattern, route] as const))(
    "API %s answers an anonymous caller 401 with a JSON error",
    async (_, route) => {
      const url = concrete(route.pattern);
      for (const method of ["GET", "POST", "PUT", "DELETE"]) {
        const response = await request(url, { method });
        expect(response.status, `${method} ${url}`).toBe(401);
        const body = (await response.json()) as { error?: unknown };
        expect(typeof body.error).toBe("string");
      }
    },
  );
});
