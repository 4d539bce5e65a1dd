import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { operatorCookieOn, serverDatabases, startServerOn, type RunningServer } from "../../support/server.ts";

/**
 * A form reads only the field names its schema names (app/components/ui/parse-form.ts). One anonymous
 * post of `x[999999999]=1` to /login once stopped the server answering and ran it out of memory: the
 * form parser built an array a billion long and the refused form's reply walked it.
 */
/**
 * A guard against that stall, not a speed: a sign-in checks a password hash on purpose slowly, and 3.3 s
 * was seen for one on a 2-core machine busy with other test files.
 */
const ANSWER_WITHIN_MS = 6000;
const HUGE = "999999999";
const OUT_OF_RANGE_EN = "This form arrived with more rows or fields than the page has.";

describe.each(serverDatabases)("field names no form reads, on the %s database", (database) => {
  let server: RunningServer;
  let cookie: string;
  let clientId: number;

  beforeAll(async () => {
    server = await startServerOn(database);
    cookie = await operatorCookieOn(server);
    const created = await fetch(`${server.url}/api/clients`, {
      method: "POST",
      headers: { Cookie: cookie, "Content-Type": "application/json" },
      body: JSON.stringify({
        businessName: "Field names",
        ownerEmail: "owner@fields.example",
        websiteDomain: "fields.example",
        businessType: "retail",
      }),
    });
    expect(created.status).toBe(201);
    clientId = ((await created.json()) as { id: number }).id;
  });

  afterAll(async () => {
    await server?.stop();
  });

  async function post(path: string, body: string, operator = false) {
    const started = performance.now();
    const response = await fetch(`${server.url}${path}`, {
      method: "POST",
      headers: {
        "Content-Type": "application/x-www-form-urlencoded",
        Cookie: `lng=en${operator ? `; ${cookie}` : ""}`,
      },
      body,
      redirect: "manual",
      signal: AbortSignal.timeout(20_000),
    });
    const text = await response.text();
    return { status: response.status, body: text, ms: performance.now() - started };
  }

  async function stillAnswers() {
    const health = await fetch(`${server.url}/healthz`, { signal: AbortSignal.timeout(5000) });
    expect(health.status).toBe(200);
  }

  const hostileNames = [
    `x[${HUGE}]=1`,
    `x${"[0]".repeat(2000)}=1`,
    `${"a.".repeat(3000)}b=1`,
    `${"n".repeat(6000)}=1`,
    `username[${HUGE}]=1`,
  ];

  it("answers every public form at once, never echoing a field it does not read", async () => {
    const forms: [string, string][] = [
      ["/login", "username=nobody&password=wrong-password"],
      ["/contact", "name=Dana&email=dana%40fields.example&message=hello"],
      ["/newsletter", "email=dana%40fields.example"],
      ["/test-plugin-preview", "fullName=Dana&phone=0501234567"],
    ];
    for (const [path, fields] of forms) {
      for (const name of hostileNames) {
        const answer = await post(path, `${fields}&${name}`);
        expect(answer.status, `${path} ${name.slice(0, 30)}`).toBeLessThan(500);
        expect(answer.ms, `${path} ${name.slice(0, 30)}`).toBeLessThan(ANSWER_WITHIN_MS);
        expect(answer.body).not.toContain(HUGE);
        expect(answer.body).not.toContain("[0][0][0]");
      }
    }
    await stillAnswers();
  });

  it("refuses an operator form whose row index is past the schema's maximum, saying why", async () => {
    const week = Array.from({ length: 7 }, (_, day) => `days[${day}].opens=09:00&days[${day}].closes=17:00`).join("&");
    const hours = await post(
      `/admin/clients/${clientId}/config`,
      `intent=hours&${week}&days[${HUGE}].open=on&x[${HUGE}]=1`,
      true,
    );
    expect(hours.status).toBe(400);
    expect(hours.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(hours.body).toContain(OUT_OF_RANGE_EN);
    expect(hours.body).not.toContain(HUGE);

    const training = await post(
      "/admin/ai-training",
      `clientId=${clientId}&businessType=retail&tone=formal&faq[${HUGE}].q=why&faq[${HUGE}].a=because`,
      true,
    );
    expect(training.status).toBe(400);
    expect(training.ms).toBeLessThan(ANSWER_WITHIN_MS);
    expect(training.body).not.toContain(HUGE);
    await stillAnswers();
  });

  it("still saves the same operator form with its rows in range, unknown names dropped", async () => {
    const week = Array.from({ length: 7 }, (_, day) => `days[${day}].opens=09:00&days[${day}].closes=17:00`).join("&");
    const saved = await post(
      `/admin/clients/${clientId}/config`,
      `intent=hours&${week}&days[6].open=on&x[${HUGE}]=1&${"b.".repeat(500)}c=1`,
      true,
    );
    expect(saved.status).toBe(302);
    const hours = await fetch(`${server.url}/api/clients/${clientId}`, { headers: { Cookie: cookie } });
    expect(hours.status).toBe(200);
  });
});
