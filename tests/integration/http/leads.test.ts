import { describe, expect, it } from "vitest";
import { parseCsv } from "../../support/csv.ts";
import { languageCookie, loginAsOperator, postForm, request } from "../../support/http.ts";

const EXPORTS = {
  "investment-inquiries": [
    "Date",
    "Name",
    "Email",
    "Phone",
    "Company",
    "Investment range",
    "Currency",
    "Expertise",
    "Message",
    "Language",
  ],
  "contact-leads": ["Date", "Full name", "Phone", "Email", "Marketing consent", "Language"],
  "newsletter-subscribers": ["Date", "Email", "Language"],
} as const;

const BOM = [0xef, 0xbb, 0xbf];

async function download(path: string, cookie: string) {
  const response = await request(path, { headers: { Cookie: cookie } });
  const bytes = new Uint8Array(await response.arrayBuffer());
  return { response, bytes, rows: parseCsv(new TextDecoder().decode(bytes)) };
}

function postInquiry(fields: Record<string, string>) {
  return request("/api/investment-inquiry", {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ email: "csv@example.com", investmentAmount: "50k-100k", language: "en", ...fields }),
  });
}

describe("the Leads page", () => {
  it("sends an anonymous visitor to login, the page and every export alike", async () => {
    for (const path of [
      "/admin/leads",
      "/admin/leads?tab=contacts",
      ...Object.keys(EXPORTS).map((slug) => `/admin/leads/export/${slug}`),
    ]) {
      const response = await request(path);
      expect(response.status, path).toBe(302);
      expect(response.headers.get("Location")).toBe(`/login?${new URLSearchParams({ redirectTo: path })}`);
    }
  });

  it("lists the three kinds of leads with their counts, in the operator's language", async () => {
    const cookie = await loginAsOperator();
    const english = await request("/admin/leads", { headers: { Cookie: cookie } });
    expect(english.status).toBe(200);
    const html = await english.text();
    expect(html).toContain("Investment inquiries");
    expect(html).toContain("James Whitfield");
    expect(html).toContain('href="/admin/leads/export/investment-inquiries"');

    const contacts = await (await request("/admin/leads?tab=contacts", { headers: { Cookie: cookie } })).text();
    expect(contacts).toContain("Marketing consent");
    expect(contacts).toContain('href="/admin/leads/export/contact-leads"');

    const hebrew = await request("/admin/leads?tab=newsletter", {
      headers: { Cookie: `${cookie}; ${await languageCookie("he")}` },
    });
    const hebrewHtml = await hebrew.text();
    expect(hebrewHtml).toContain("מנויי ניוזלטר");
    expect(hebrewHtml).toContain('href="/admin/leads/export/newsletter-subscribers"');
  });

  it("falls back to the first list for an unknown tab", async () => {
    const cookie = await loginAsOperator();
    const response = await request("/admin/leads?tab=nonsense", { headers: { Cookie: cookie } });
    expect(response.status).toBe(200);
    expect(await response.text()).toContain('href="/admin/leads/export/investment-inquiries"');
  });
});

describe("the CSV exports", () => {
  it.each(Object.entries(EXPORTS))(
    "%s: a UTF-8 attachment with a byte-order mark and its header row",
    async (slug, header) => {
      const cookie = await loginAsOperator();
      const { response, bytes, rows } = await download(`/admin/leads/export/${slug}`, cookie);
      expect(response.status).toBe(200);
      expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
      expect(response.headers.get("Content-Disposition")).toMatch(
        new RegExp(`^attachment; filename="${slug}-\\d{4}-\\d{2}-\\d{2}\\.csv"$`),
      );
      expect(response.headers.get("Cache-Control")).toBe("private, no-store");
      expect([...bytes.slice(0, 3)]).toEqual(BOM);
      expect(rows[0]).toEqual(header);
      expect(rows.length).toBeGreaterThan(1);
      for (const row of rows.slice(1)) expect(row).toHaveLength(header.length);
    },
  );

  it("lists newest first, and guards cells a spreadsheet would run as formulas", async () => {
    const stamp = Date.now();
    expect(
      (await postInquiry({ name: `Older ${stamp}`, message: '=HYPERLINK("http://evil.example","x")' })).status,
    ).toBe(201);
    expect(
      (await postInquiry({ name: `@Newer ${stamp}`, company: "-2+3", message: 'line one\nline two, "quoted"' })).status,
    ).toBe(201);

    const cookie = await loginAsOperator();
    const { rows } = await download("/admin/leads/export/investment-inquiries", cookie);
    const data = rows.slice(1);
    expect(data[0]?.slice(1, 9)).toEqual([
      `'@Newer ${stamp}`,
      "csv@example.com",
      "",
      "'-2+3",
      "50k-100k",
      "USD",
      "",
      'line one\nline two, "quoted"',
    ]);
    expect(data[1]?.[1]).toBe(`Older ${stamp}`);
    expect(data[1]?.[8]).toBe('\'=HYPERLINK("http://evil.example","x")');
    const dates = data.map((row) => row[0]!);
    expect(dates).toEqual([...dates].sort().reverse());
  });

  it("writes Hebrew as it is, with headers in the operator's language", async () => {
    const cookie = await loginAsOperator();
    const { rows } = await download(
      "/admin/leads/export/investment-inquiries",
      `${cookie}; ${await languageCookie("he")}`,
    );
    expect(rows[0]?.slice(0, 3)).toEqual(["תאריך", "שם", "אימייל"]);
    expect(rows.some((row) => row[1] === "רונית אלמוג")).toBe(true);
  });

  it("includes a contact lead sent from the landing page", async () => {
    const email = `lead-${Date.now()}@example.com`;
    const sent = await postForm("/contact", {
      fullName: "+Lead Person",
      phone: "050-1234567",
      email,
      marketingConsent: "on",
    });
    expect([200, 302]).toContain(sent.status);
    const cookie = await loginAsOperator();
    const { rows } = await download("/admin/leads/export/contact-leads", cookie);
    expect(rows[1]?.slice(1, 5)).toEqual(["'+Lead Person", "050-1234567", email, "Yes"]);
  });

  it("answers 404 for an unknown list", async () => {
    const cookie = await loginAsOperator();
    const response = await request("/admin/leads/export/passwords", { headers: { Cookie: cookie } });
    expect(response.status).toBe(404);
  });
});
