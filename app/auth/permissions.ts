import type { PersonRole } from "#db/vocabulary.ts";
import { CLIENT_CHECK_KINDS } from "~/checks/connection-result.ts";

/**
 * Who may do what: the one table every page, action and API asks (the guards in
 * app/auth/guard.server.ts by route, and an action by intent where one page holds changes of different
 * weight). On the provider's team, `owner` may do everything; `admin` everything but the team; `agent`
 * works the conversations, the leads and completed functions, and the training, and changes nothing
 * about a client's account, its bills, the system, or what leaves the product as a file of visitors' data.
 * A business's people reach only its portal: `business_owner` all of it, `business_staff` its
 * conversations, leads and training. No team permission names a business role, and no portal
 * permission a team role.
 */
export const PERMISSIONS = {
  /** The dashboard, the clients and their pages, read. */
  "clients.view": ["owner", "admin", "agent"],
  /** Adding a client, its settings, status, channels, lead delivery, WordPress connection and its people's accounts. */
  "clients.manage": ["owner", "admin"],
  /** The inbox, the monitor, the session pages, their pictures and the live stream. */
  "conversations.view": ["owner", "admin", "agent"],
  /** Taking over a conversation, replying, assigning it to a colleague, handing it back, closing it. */
  "conversations.reply": ["owner", "admin", "agent"],
  /** Saved replies: every client's and the shared ones, added, changed, deleted. */
  "savedReplies.manage": ["owner", "admin", "agent"],
  /** Leads and completed functions, read and marked handled. */
  "leads.work": ["owner", "admin", "agent"],
  /** Files of visitors' data (conversation, lead, function, usage and access-log exports) and visitors' data requests. */
  "visitorData.export": ["owner", "admin"],
  /** The AI training: greeting, FAQ, business information, hours, sales flow, the page scanner, the test questions. */
  "training.edit": ["owner", "admin", "agent"],
  /** Bills: read, generate, mark paid, refund, export. */
  "billing.manage": ["owner", "admin"],
  /** The plugin download, which carries a client's license key. */
  "plugin.download": ["owner", "admin"],
  /** The provider's analytics. */
  "analytics.view": ["owner", "admin"],
  /** System status, checks and synchronisation. */
  "system.manage": ["owner", "admin"],
  /** The team: invitations, roles, disabling, the second-factor rule. */
  "team.manage": ["owner"],
  /** One's own account: password, sessions, second factor. */
  "account.self": ["owner", "admin", "agent", "business_owner", "business_staff"],
  /** The portal's home, and its pages for what a role does not open. */
  "portal.view": ["business_owner", "business_staff"],
  /** The business's inbox and conversations on every channel: read, take over, reply, assign, hand back, close. */
  "portal.conversations": ["business_owner", "business_staff"],
  /** The business's own saved replies, managed; the shared ones, read. */
  "portal.savedReplies": ["business_owner", "business_staff"],
  /** The business's leads and completed functions, read and marked handled. */
  "portal.leads": ["business_owner", "business_staff"],
  /** Files of the business's visitors' data (lead and function CSVs), and its visitors' data requests. */
  "portal.visitorData": ["business_owner"],
  /** The business's AI training: greeting, FAQ, business information, hours, the page scanner, its test questions. */
  "portal.training": ["business_owner", "business_staff"],
  /** The business's plugin, which carries its license key. */
  "portal.plugin": ["business_owner"],
  /** The business's bills, their pay links, and its usage. */
  "portal.billing": ["business_owner"],
  /** The business's own people: inviting and disabling its staff. */
  "portal.people": ["business_owner"],
  /** When a person steps in: the chat's "talk to a person" button, and the minutes before the owner is e-mailed. */
  "portal.handover": ["business_owner"],
} as const satisfies Record<string, readonly PersonRole[]>;

export type Permission = keyof typeof PERMISSIONS;

export const can = (role: PersonRole, permission: Permission) =>
  (PERMISSIONS[permission] as readonly PersonRole[]).includes(role);

/** What a back-office route needs: to read it (GET, HEAD) and to post to it. */
export type RouteAccess = { read: Permission; change: Permission };

const read = (permission: Permission, change: Permission = permission): RouteAccess => ({ read: permission, change });

/**
 * Every route behind the guards of the back-office and the portal (app/routes.ts) by its full pattern. A route that is not
 * here is refused to everyone signed in, and tests/integration/http/permissions.test.ts fails until it
 * is added: a new page cannot slip out of the table.
 */
export const ROUTE_ACCESS: Record<string, RouteAccess> = {
  // The back-office's pages
  "/admin": read("clients.view"),
  "/admin/dashboard": read("clients.view"),
  "/admin/clients": read("clients.view", "clients.manage"),
  // The client page holds tabs of different weight: its loader opens a role's tabs, its action asks by intent.
  "/admin/clients/:clientId": read("clients.view", "training.edit"),
  "/admin/clients/:clientId/usage-export": read("visitorData.export"),
  "/admin/clients/:clientId/access-log-export": read("visitorData.export"),
  "/admin/clients/:clientId/visitor-data/export": read("visitorData.export"),
  "/admin/clients/:clientId/config": read("clients.view", "clients.manage"),
  "/admin/clients/:clientId/wordpress-connection": read("clients.manage"),
  "/admin/clients/:clientId/people": read("clients.manage"),
  "/admin/leads": read("leads.work"),
  "/admin/leads/export/:list": read("visitorData.export"),
  "/admin/completed-functions": read("leads.work"),
  "/admin/completed-functions/export": read("visitorData.export"),
  "/admin/billing": read("billing.manage"),
  "/admin/billing/export": read("billing.manage"),
  "/admin/billing/payments-export": read("billing.manage"),
  "/admin/plugin": read("plugin.download"),
  "/admin/analytics": read("analytics.view"),
  "/admin/chat-sessions": read("conversations.view"),
  "/admin/inbox": read("conversations.view"),
  "/admin/inbox/waiting": read("conversations.view"),
  "/admin/session/:sessionId": read("conversations.view", "conversations.reply"),
  "/admin/session/:sessionId/images/:imageId": read("conversations.view"),
  "/admin/live": read("conversations.view"),
  "/admin/saved-replies": read("savedReplies.manage"),
  "/admin/ai-training": read("training.edit"),
  "/admin/system-status": read("system.manage"),
  "/admin/failure-drill": read("system.manage"),
  "/admin/job-drill": read("system.manage"),
  "/admin/team": read("team.manage"),
  "/admin/forbidden": read("account.self"),
  "/admin/*": read("clients.view"),
  "/account": read("account.self"),
  "/account/second-factor": read("account.self"),
  // The back-office's APIs
  "/api/stats": read("analytics.view"),
  "/api/clients": read("clients.view", "clients.manage"),
  "/api/clients/:clientId": read("clients.view", "clients.manage"),
  "/api/clients/:clientId/usage": read("billing.manage"),
  "/api/clients/:clientId/lead-delivery": read("clients.manage"),
  "/api/billing": read("billing.manage"),
  "/api/completed-functions": read("leads.work"),
  "/api/completed-functions/stats": read("leads.work"),
  "/api/download/plugin": read("plugin.download"),
  "/api/clients/:clientId/ai-training": read("training.edit"),
  "/api/clients/:clientId/training": read("training.edit"),
  "/api/admin/clients/:clientId/sales-config": read("training.edit"),
  "/api/admin/clients/:clientId/scan-websites": read("training.edit"),
  "/api/admin/sync-hive-data": read("system.manage"),
  "/api/system/full-client-test/:clientId": read("system.manage"),
  "/api/admin/sessions": read("conversations.view"),
  "/api/admin/chat-sessions": read("conversations.view"),
  "/api/admin/export-session/:clientId/:sessionId": read("visitorData.export"),
  "/api/system/test-database": read("system.manage"),
  ...Object.fromEntries(
    CLIENT_CHECK_KINDS.map((kind) => [`/api/system/test-client-${kind}/:clientId`, read("system.manage")]),
  ),
  "/api/*": read("clients.view"),
  // The business's portal
  "/portal": read("portal.view"),
  "/portal/inbox": read("portal.conversations", "portal.handover"),
  "/portal/inbox/waiting": read("portal.conversations"),
  "/portal/conversations": read("portal.conversations"),
  "/portal/conversations/:sessionId": read("portal.conversations"),
  "/portal/conversations/:sessionId/images/:imageId": read("portal.conversations"),
  "/portal/live": read("portal.conversations"),
  "/portal/saved-replies": read("portal.savedReplies"),
  "/portal/leads": read("portal.leads"),
  "/portal/leads/export/:list": read("portal.visitorData"),
  "/portal/completed-functions": read("portal.leads"),
  "/portal/completed-functions/export": read("portal.visitorData"),
  "/portal/training": read("portal.training"),
  "/portal/plugin": read("portal.plugin"),
  "/portal/plugin/download": read("portal.plugin"),
  "/portal/billing": read("portal.billing"),
  "/portal/privacy": read("portal.visitorData"),
  "/portal/privacy/export": read("portal.visitorData"),
  "/portal/people": read("portal.people"),
  "/portal/forbidden": read("portal.view"),
  "/portal/*": read("portal.view"),
};

/**
 * The permission a request to a route needs, or null when the table does not know it (refused).
 * `pattern` is React Router's for the matched route, which it writes without the leading slash.
 */
export function permissionFor(pattern: string, method: string): Permission | null {
  const access = ROUTE_ACCESS[pattern.startsWith("/") ? pattern : `/${pattern}`];
  if (!access) return null;
  return method === "GET" || method === "HEAD" ? access.read : access.change;
}

/** Whether a page opens for a role: a navigation link to one that does not is not shown. */
export function opensPage(role: PersonRole, path: string) {
  const access = ROUTE_ACCESS[path];
  return access !== undefined && can(role, access.read);
}
