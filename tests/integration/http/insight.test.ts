import { describe, expect, it } from "vitest";
import { parseCsv } from "../../support/csv.ts";
import { languageCookie, loginAsOperator, request } from "../../support/http.ts";

const PAGES = ["/admin/completed-functions", "/admin/completed-functions/export", "/admin/analytics"];

async function page(path: string, cookie: string) {
  const response = await request(path, { headers: { Cookie: cookie } });
  return { status: response.status, html: await response.text() };
}

describe("the completed functions and analytics pages", () => {
  it("send an anonymous visitor to login", async () => {
    for (const path of PAGES) {
      const response = await request(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  it("show the same totals as GET /api/completed-functions/stats, and link each function to its session", async () => {
    const cookie = await loginAsOperator();
    const stats = (await (await request("/api/completed-functions/stats", { headers: { Cookie: cookie } })).json()) as {
      totalFunctionsCompleted: number;
      totalProfitGenerated: number;
    };
    expect(stats.totalFunctionsCompleted).toBeGreaterThan(0);
    const { status, html } = await page("/admin/completed-functions", cookie);
    expect(status).toBe(200);
    expect(html).toContain("Total Completed");
    expect(html).toContain(`>${stats.totalFunctionsCompleted.toLocaleString("en-US")}<`);
    expect(html).toContain(`>$${stats.totalProfitGenerated.toLocaleString("en-US")}<`);
    expect(html).toMatch(/href="\/admin\/session\/[^"]+"/);
    expect(html).toContain('href="/admin/completed-functions/export"');
  });

  it("filter by function type through the URL, the CSV link keeping the filter", async () => {
    const cookie = await loginAsOperator();
    const { html } = await page("/admin/completed-functions?type=article_generation_complete", cookie);
    expect(html).toContain('href="/admin/completed-functions/export?type=article_generation_complete"');
    const table = html.slice(html.indexOf("<tbody"), html.indexOf("</tbody>"));
    expect(table).toContain("Article generation");
    expect(table).not.toContain("Party planning consultation");
  });

  it("export every function the filters keep as CSV, in the operator's language", async () => {
    const cookie = await loginAsOperator();
    const stats = (await (await request("/api/completed-functions/stats", { headers: { Cookie: cookie } })).json()) as {
      totalFunctionsCompleted: number;
    };
    const response = await request("/admin/completed-functions/export", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toMatch(
      /^attachment; filename="completed-functions-\d{4}-\d{2}-\d{2}\.csv"$/,
    );
    const rows = parseCsv((await response.text()).replace(/^\uFEFF/, ""));
    expect(rows[0]).toEqual([
      "When",
      "Function",
      "Client",
      "Session",
      "Channel",
      "Name",
      "Phone",
      "E-mail",
      "Occasion",
      "Guests",
      "Budget",
      "Location",
      "Profit",
    ]);
    expect(rows.length - 1).toBe(stats.totalFunctionsCompleted);
    for (const row of rows.slice(1)) expect(row[12]).toMatch(/^\d+\.\d{2}$/);

    const hebrew = await request("/admin/completed-functions/export?from=2999-01-01", {
      headers: { Cookie: `${cookie}; ${await languageCookie("he")}` },
    });
    const hebrewRows = parseCsv((await hebrew.text()).replace(/^\uFEFF/, ""));
    expect(hebrewRows).toHaveLength(1);
    expect(hebrewRows[0]![0]).toBe("מתי");
  });

  it("ignore filters and periods that make no sense instead of failing", async () => {
    const cookie = await loginAsOperator();
    for (const path of [
      "/admin/completed-functions?clientId=abc&type=%27%3Bdrop&from=2026-02-30&to=%3Cscript%3E&page=-4",
      "/admin/completed-functions?page=99999",
      "/admin/completed-functions/export?clientId=99999999999&from=yesterday",
      "/admin/analytics?days=13",
      "/admin/analytics?days=%3Cscript%3E",
    ]) {
      const { status, html } = await page(path, cookie);
      expect(status, path).toBe(200);
      expect(html).not.toContain("<script>");
    }
    const { html } = await page("/admin/analytics?days=13", cookie);
    expect(html).toMatch(/<a[^>]*aria-current="page"[^>]*>30 days</);
  });

  it.each([7, 30, 90, 365])("show analytics for the last %i days with the figures and four charts", async (days) => {
    const cookie = await loginAsOperator();
    const { status, html } = await page(`/admin/analytics?days=${days}`, cookie);
    expect(status).toBe(200);
    for (const text of ["Total Messages", "Avg. AI Response Time", "Satisfaction", "Conversion"])
      expect(html).toContain(text);
    // The demo data covers 90 days: past that, the previous period is empty.
    expect(html).toMatch(new RegExp(`(vs\\. previous|nothing in the previous) ${days} days`));
    for (const chart of ["Conversations per Day", "Messages by Type", "Revenue by Stream per Month", "Top Clients"]) {
      expect(html).toContain(`<caption>${chart}</caption>`);
    }
  });

  it("speak Hebrew right to left", async () => {
    const cookie = `${await loginAsOperator()}; ${await languageCookie("he")}`;
    const analytics = await page("/admin/analytics", cookie);
    expect(analytics.html).toContain('dir="rtl"');
    expect(analytics.html).toContain("שביעות רצון");
    expect(analytics.html).toContain("הכנסות לפי מקור בכל חודש");
    const functions = await page("/admin/completed-functions", cookie);
    expect(functions.html).toContain("סה״כ הושלמו");
  });
});
