import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { CLIENT_TABS } from "~/clients/client-tabs.ts";
import { CONFIG_TABS } from "~/clients/config/config-tabs.ts";
import { operatorCookieOn, startServer, type RunningServer } from "../../support/server.ts";

/**
 * Every back-office page, as the first start shows it (the seed's clients, sessions and bills) with
 * its default filters, is at most 60 KB of HTML before compression: a list repeats its rows once (one
 * table that a phone draws as cards), icons point into one sprite, and the scripts come in a few
 * files, each one a line of the page.
 */
const MOST_BYTES = 60 * 1024;
const PAGES = [
  "/admin/dashboard",
  "/admin/clients",
  "/admin/leads",
  "/admin/completed-functions",
  "/admin/billing",
  "/admin/plugin",
  "/admin/analytics",
  "/admin/chat-sessions",
  "/admin/inbox",
  "/admin/saved-replies",
  "/admin/ai-training",
  "/admin/system-status",
  "/admin/team",
  "/account",
  "/account/second-factor",
];

let server: RunningServer;
let cookie: string;
const pageOf = (path: string) => fetch(`${server.url}${path}`, { headers: { cookie } });

beforeAll(async () => {
  server = await startServer();
  cookie = await operatorCookieOn(server);
});

afterAll(() => server?.stop());

async function weigh(path: string) {
  const response = await pageOf(path);
  const html = await response.text();
  expect(response.status, path).toBe(200);
  expect(html, path).toContain("</html>");
  return Buffer.byteLength(html);
}

describe("the back-office's pages", () => {
  it("are each at most 60 KB of HTML", async () => {
    const weights = [];
    for (const path of PAGES) weights.push({ path, bytes: await weigh(path) });
    expect(weights.filter(({ bytes }) => bytes > MOST_BYTES)).toEqual([]);
  });

  it("include a client's page, each of its tabs and settings, and a conversation", async () => {
    const clients = await (await pageOf("/admin/clients")).text();
    const clientId = /href="\/admin\/clients\/(\d+)"/.exec(clients)?.[1];
    const sessions = await (await pageOf("/admin/chat-sessions")).text();
    const sessionPath = /href="(\/admin\/session\/[\w-]+)"/.exec(sessions)?.[1];
    expect(clientId).toBeDefined();
    expect(sessionPath).toBeDefined();
    const paths = [
      ...CLIENT_TABS.map((tab) => `/admin/clients/${clientId}?tab=${tab}`),
      ...CONFIG_TABS.map((tab) => `/admin/clients/${clientId}/config?tab=${tab}`),
      `/admin/clients/${clientId}/people`,
      `/admin/clients/${clientId}/wordpress-connection`,
      sessionPath!,
    ];
    const weights = [];
    for (const path of paths) weights.push({ path, bytes: await weigh(path) });
    expect(weights.filter(({ bytes }) => bytes > MOST_BYTES)).toEqual([]);
  });
});
