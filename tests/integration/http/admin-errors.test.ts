import { describe, expect, it } from "vitest";
import { loginAsOperator, request } from "../../support/http.ts";

/** The admin 404 sits inside the shell: the admin navigation is in the page. */
async function expectAdminNotFound(response: Response) {
  expect(response.status).toBe(404);
  const html = await response.text();
  expect(html).toContain('aria-label="Admin navigation"');
  expect(html).toMatch(/<h1[^>]*>Page Not Found<\/h1>/);
  expect(html).toContain("<title>Page Not Found | Alex</title>");
}

describe("admin addresses that name nothing", () => {
  it("an unknown admin page is the admin 404, in the shell", async () => {
    const cookie = await loginAsOperator();
    await expectAdminNotFound(await request("/admin/no-such-page", { headers: { Cookie: cookie } }));
  });

  it("the failure drill does not fail where FAILURE_DRILL is not set (production): it is the admin 404", async () => {
    const cookie = await loginAsOperator();
    for (const failIn of ["loader", "render", "not-found"]) {
      await expectAdminNotFound(await request(`/admin/failure-drill?in=${failIn}`, { headers: { Cookie: cookie } }));
    }
    await expectAdminNotFound(await request("/admin/failure-drill", { method: "POST", headers: { Cookie: cookie } }));
  });

  it("the job drill runs nothing where FAILURE_DRILL is not set (production): a 404", async () => {
    const cookie = await loginAsOperator();
    expect((await request("/admin/job-drill", { headers: { Cookie: cookie } })).status).toBe(404);
    const posted = await request("/admin/job-drill", {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams({ job: "card-renewals", at: new Date().toISOString() }),
    });
    expect(posted.status).toBe(404);
    expect(await posted.json()).toEqual({ error: expect.any(String) });
    const hebrew = await request("/admin/job-drill?lng=he", {
      method: "POST",
      headers: { Cookie: cookie },
      body: new URLSearchParams({ job: "card-renewals", at: new Date().toISOString() }),
    });
    expect(hebrew.status).toBe(404);
    expect(((await hebrew.json()) as { error: string }).error).toMatch(/[\u0590-\u05ff]/u);
  });
});
