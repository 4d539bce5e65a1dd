import { describe, expect, it } from "vitest";
import { languageCookie, loginAsOperator, request } from "../../support/http.ts";

type FullTestBody = {
  summary: { passed: number; total: number };
  tests: { test: string; success: boolean; duration: number; message: string; data: unknown }[];
  details: { clientId: number; licenseKey: string };
};

/** The provider's demo client: its id, as the plugin download names its ZIP. */
async function demoClientId(cookie: string) {
  const html = await (await request("/invest-he")).text();
  const license = /license=(alex_[0-9a-f]{32})/.exec(html)![1]!;
  const zip = await request(`/api/download/plugin?licenseKey=${license}`, { headers: { Cookie: cookie } });
  await zip.body?.cancel();
  return Number(/-(\d+)\.zip/.exec(zip.headers.get("Content-Disposition")!)![1]);
}

const runTest = (clientId: number | string, cookie?: string, init: RequestInit = {}) =>
  request(`/api/system/full-client-test/${clientId}`, {
    method: "POST",
    ...init,
    headers: { ...(cookie ? { Cookie: cookie } : {}), ...init.headers },
  });

describe("POST /api/system/full-client-test/{clientId}", () => {
  it("is for operators only", async () => {
    const response = await runTest(1);
    expect(response.status).toBe(401);
  });

  it("runs the local checks on a trained client: every one passes, each with its duration and message; the external checks follow", async () => {
    const cookie = await loginAsOperator();
    const clientId = await demoClientId(cookie);
    const response = await runTest(clientId, cookie);
    expect(response.status).toBe(200);
    expect(response.headers.get("Cache-Control")).toBe("private, no-store");
    const body = (await response.json()) as FullTestBody;
    const local = [
      "database",
      "client_record",
      "training_config",
      "sales_config",
      "knowledge_base",
      "test_questions",
      "license",
      "plugin_build",
    ];
    // The external checks (tests/integration/checks) reach the client's site: the demo's is not on this machine.
    expect(body.tests.map((test) => test.test)).toEqual([...local, "wordpress", "hivepress", "ai", "upload"]);
    expect(body.summary.total).toBe(12);
    for (const test of body.tests) {
      if (local.includes(test.test)) expect(test.success, test.test).toBe(true);
      expect(test.duration).toBeGreaterThanOrEqual(0);
      expect(test.message).not.toBe("");
    }
    expect(body.tests.find((test) => test.test === "ai")).toMatchObject({
      success: true,
      data: { provider: "built-in" },
    });
    expect(body.details.clientId).toBe(clientId);
  });

  it("answers in the operator's language", async () => {
    const cookie = `${await loginAsOperator()}; ${await languageCookie("he")}`;
    const body = (await (await runTest(await demoClientId(cookie), cookie)).json()) as FullTestBody;
    expect(body.tests[0]!.message).toBe("מסד הנתונים עונה.");
  });

  it("answers 404 for an unknown or malformed id, and 405 for GET", async () => {
    const cookie = await loginAsOperator();
    for (const id of ["999999", "0", "abc", "99999999999"]) {
      const response = await runTest(id, cookie);
      expect(response.status, id).toBe(404);
      expect(((await response.json()) as { error: string }).error).toBe("Client not found");
    }
    const get = await request("/api/system/full-client-test/1", { headers: { Cookie: cookie } });
    expect(get.status).toBe(405);
  });
});
