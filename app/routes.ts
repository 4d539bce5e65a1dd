import { index, layout, prefix, route, type RouteConfig } from "@react-router/dev/routes";
import { CLIENT_CHECK_KINDS } from "./checks/connection-result.ts";
import { CHAT_API_PATHS } from "./conversations/chat-contract.ts";
import { INVEST_PATHS, LANGUAGES } from "./i18n/config.ts";
import { LEGAL_PAGE_NAMES, legalPathOf } from "./legal/legal-pages.ts";
import { PLUGIN_API_PATHS } from "./plugin/plugin-api-paths.ts";

/**
 * The product's map. Public pages first, then the operator-only back-office, each business's portal
 * and the operators' APIs, each group behind one guard (routes/admin/layout.tsx,
 * routes/portal/layout.tsx, routes/api/layout.ts).
 */
export default [
  // Public site
  index("routes/home.tsx"),
  route("login", "routes/login.tsx"),
  // The sign-in's second step: the code, after the password (app/auth/second-factor/pending-sign-in.server.ts).
  route("login/second-factor", "routes/login-second-factor.tsx"),
  route("logout", "routes/logout.ts"),
  // A lost password: a one-time link by e-mail (app/account/password-reset.server.ts).
  route("forgot-password", "routes/forgot-password.tsx"),
  route("reset-password/:token", "routes/reset-password.tsx"),
  route("healthz", "routes/healthz.ts"),
  route("minimal-chat-demo", "routes/minimal-chat-demo.tsx"),
  route("test-plugin-preview", "routes/test-plugin-preview.tsx"),
  route("contact", "routes/contact.tsx"),
  route("newsletter", "routes/newsletter.tsx"),
  // The investor pitch, one page per language: /invest-en and /invest-he (INVEST_PATHS).
  ...LANGUAGES.map((language) =>
    route(INVEST_PATHS[language].slice(1), "routes/invest.tsx", { id: `invest-${language}` }),
  ),
  route("api/investment-inquiry", "routes/api/investment-inquiry.ts"),
  // The privacy policy, the terms of service and the accessibility statement, in the visitor's language.
  ...LEGAL_PAGE_NAMES.map((page) => route(legalPathOf(page).slice(1), "routes/legal.tsx", { id: `legal-${page}` })),
  // The plugin's endpoints are public: the license key names the client. Anything else a JSON 404.
  route(CHAT_API_PATHS.messages.slice(1), "routes/api/wordpress-messages.ts"),
  route(CHAT_API_PATHS.chatUi.slice(1), "routes/api/wordpress-chat-ui.ts"),
  route(CHAT_API_PATHS.history.slice(1), "routes/api/wordpress-history.ts"),
  route(CHAT_API_PATHS.feedback.slice(1), "routes/api/wordpress-feedback.ts"),
  route(CHAT_API_PATHS.rating.slice(1), "routes/api/wordpress-rating.ts"),
  route(CHAT_API_PATHS.chatEvents.slice(1), "routes/api/wordpress-chat-events.ts"),
  route(PLUGIN_API_PATHS.siteStatus.slice(1), "routes/api/wordpress-site-status.ts"),
  route(PLUGIN_API_PATHS.update.slice(1), "routes/api/wordpress-plugin-update.ts"),
  route(PLUGIN_API_PATHS.package.slice(1), "routes/api/wordpress-plugin-package.ts"),
  route("api/wordpress/*", "routes/api/not-found.ts", { id: "api-wordpress-not-found" }),
  // Paying a bill is public: the pay token (or an order this server opened) names the bill.
  route("pay/:token", "routes/pay.tsx"),
  // Joining the team: the one-time link of an invitation names the person.
  route("invite/:token", "routes/invite.tsx"),
  route("api/paypal/setup", "routes/api/paypal-setup.ts"),
  route("api/paypal/order", "routes/api/paypal-order.ts"),
  route("api/paypal/order/:orderId/capture", "routes/api/paypal-capture.ts"),
  route("api/paypal/webhook", "routes/api/paypal-webhook.ts"),
  route("api/cardcom/webhook", "routes/api/cardcom-webhook.ts"),
  // WhatsApp's and Telegram's webhooks are public: a signature (WhatsApp) or a secret (Telegram) names the client.
  route("api/channels/whatsapp", "routes/api/channels-whatsapp.ts"),
  route("api/channels/telegram/:accountId", "routes/api/channels-telegram.ts"),

  // Back-office: every page needs an operator session
  layout("routes/admin/layout.tsx", [
    layout("routes/admin/page-errors.tsx", [
      ...prefix("admin", [
        index("routes/admin/dashboard.tsx", { id: "admin-index" }),
        route("dashboard", "routes/admin/dashboard.tsx"),
        route("clients", "routes/admin/clients.tsx"),
        route("clients/:clientId", "routes/admin/client.tsx"),
        route("clients/:clientId/usage-export", "routes/admin/client-usage-export.ts"),
        route("clients/:clientId/access-log-export", "routes/admin/access-log-export.ts"),
        route("clients/:clientId/visitor-data/export", "routes/admin/client-visitor-export.ts"),
        route("leads", "routes/admin/leads.tsx"),
        route("leads/export/:list", "routes/admin/leads-export.ts"),
        route("completed-functions", "routes/admin/completed-functions.tsx"),
        route("completed-functions/export", "routes/admin/completed-functions-export.ts"),
        route("billing", "routes/admin/billing.tsx"),
        route("billing/export", "routes/admin/billing-export.ts"),
        route("billing/payments-export", "routes/admin/billing-payments-export.ts"),
        route("plugin", "routes/admin/plugin.tsx"),
        route("analytics", "routes/admin/analytics.tsx"),
        route("chat-sessions", "routes/admin/chat-sessions.tsx"),
        // The live inbox: every client's open conversations, those waiting for a person first.
        route("inbox", "routes/admin/inbox.tsx"),
        route("inbox/waiting", "routes/admin/inbox-waiting.ts"),
        route("session/:sessionId", "routes/admin/session.tsx"),
        // Visitors' uploaded images, to operators only: never a public URL.
        route("session/:sessionId/images/:imageId", "routes/admin/session-image.ts"),
        // The live stream (Server-Sent Events) the monitor, the session page and the shell's badges hear.
        route("live", "routes/admin/live.ts"),
        // Answers typed with `/name` in the reply box: every client's and the shared ones.
        route("saved-replies", "routes/admin/saved-replies.tsx"),
        route("clients/:clientId/config", "routes/admin/client-config.tsx"),
        route("ai-training", "routes/admin/ai-training.tsx"),
        route("system-status", "routes/admin/system-status.tsx"),
        route("clients/:clientId/wordpress-connection", "routes/admin/wordpress-connection.tsx"),
        // A business's own people, who sign in to its portal: invited from its client page.
        route("clients/:clientId/people", "routes/admin/client-people.tsx"),
        // The provider's team: invitations, roles, disabling (owners only).
        route("team", "routes/admin/team.tsx"),
        // Where the guard sends a page the person's role does not open (app/auth/permissions.ts).
        route("forbidden", "routes/admin/forbidden.tsx"),
        // Tests only: fails on purpose when FAILURE_DRILL is set, an admin 404 otherwise.
        route("failure-drill", "routes/admin/failure-drill.tsx"),
        // Tests only: runs a scheduled job at a time the test gives when FAILURE_DRILL is set, a 404 otherwise.
        route("job-drill", "routes/admin/job-drill.ts"),
        route("*", "routes/admin/not-found.tsx"),
      ]),
      // One's own account (password, sessions, second factor), in the shell but outside /admin.
      route("account", "routes/account.tsx"),
      // One's own second factor (TOTP), and the owner's rule that everyone has one.
      route("account/second-factor", "routes/account/second-factor.tsx"),
    ]),
  ]),

  // A business's portal: every page needs a business user's session, and shows that business only
  layout("routes/portal/layout.tsx", [
    layout("routes/portal/page-errors.tsx", [
      ...prefix("portal", [
        index("routes/portal/home.tsx"),
        // The business's own conversations from every channel, live: take over, reply, hand back.
        // The business's live inbox: its open conversations, those waiting for a person first.
        route("inbox", "routes/portal/inbox.tsx"),
        route("inbox/waiting", "routes/portal/inbox-waiting.ts"),
        route("conversations", "routes/portal/conversations.tsx"),
        route("conversations/:sessionId", "routes/portal/conversation.tsx"),
        route("conversations/:sessionId/images/:imageId", "routes/portal/conversation-image.ts"),
        // The business's own live stream (Server-Sent Events): its conversations' events only.
        route("live", "routes/portal/live.ts"),
        // The business's own saved replies, and the shared ones to read.
        route("saved-replies", "routes/portal/saved-replies.tsx"),
        route("training", "routes/portal/training.tsx"),
        route("privacy", "routes/portal/privacy.tsx"),
        route("privacy/export", "routes/portal/privacy-export.ts"),
        route("leads", "routes/portal/leads.tsx"),
        route("leads/export/:list", "routes/portal/leads-export.ts"),
        route("completed-functions", "routes/portal/completed-functions.tsx"),
        route("completed-functions/export", "routes/portal/completed-functions-export.ts"),
        route("billing", "routes/portal/billing.tsx"),
        route("plugin", "routes/portal/plugin.tsx"),
        route("plugin/download", "routes/portal/plugin-download.ts"),
        route("people", "routes/portal/people.tsx"),
        route("forbidden", "routes/portal/forbidden.tsx"),
        route("*", "routes/portal/not-found.tsx"),
      ]),
    ]),
  ]),

  // Operator APIs: every call needs an operator session
  layout("routes/api/layout.ts", [
    ...prefix("api", [
      route("stats", "routes/api/stats.ts"),
      route("clients", "routes/api/clients.ts"),
      route("clients/:clientId", "routes/api/client.ts"),
      route("clients/:clientId/usage", "routes/api/client-usage.ts"),
      route("clients/:clientId/lead-delivery", "routes/api/client-lead-delivery.ts"),
      route("billing", "routes/api/billing.ts"),
      route("completed-functions", "routes/api/completed-functions.ts"),
      route("completed-functions/stats", "routes/api/completed-functions-stats.ts"),
      route("download/plugin", "routes/api/download-plugin.ts"),
      route("clients/:clientId/ai-training", "routes/api/client-ai-training.ts"),
      route("clients/:clientId/training", "routes/api/client-training.ts"),
      route("admin/clients/:clientId/sales-config", "routes/api/admin/sales-config.ts"),
      route("admin/clients/:clientId/scan-websites", "routes/api/admin/scan-websites.ts"),
      route("admin/sync-hive-data", "routes/api/admin/sync-hive-data.ts"),
      route("system/full-client-test/:clientId", "routes/api/full-client-test.ts"),
      route("admin/sessions", "routes/api/admin-sessions.ts"),
      route("admin/chat-sessions", "routes/api/admin-chat-sessions.ts"),
      route("admin/export-session/:clientId/:sessionId", "routes/api/admin-export-session.ts"),
      route("system/test-database", "routes/api/system-test.ts", { id: "system-test-database" }),
      ...CLIENT_CHECK_KINDS.map((kind) =>
        route(`system/test-client-${kind}/:clientId`, "routes/api/system-test.ts", {
          id: `system-test-client-${kind}`,
        }),
      ),
      route("*", "routes/api/not-found.ts"),
    ]),
  ]),

  route("*", "routes/not-found.tsx"),
] satisfies RouteConfig;
