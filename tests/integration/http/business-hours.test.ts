import { randomUUID } from "node:crypto";
import { beforeAll, describe, expect, it } from "vitest";
import { languageCookie, loginAsOperator, postForm, request } from "../../support/http.ts";

/** The settings page's hours form, and what the message API then tells a visitor. */
let cookie: string;
let hebrew: string;
let client: { id: number; licenseKey: string };

const week = (day: (index: number) => { open?: string; opens: string; closes: string }) =>
  Object.fromEntries(
    Array.from({ length: 7 }, (_, index) => {
      const { open, opens, closes } = day(index);
      return [
        ...(open ? [[`days[${index}].open`, open]] : []),
        [`days[${index}].opens`, opens],
        [`days[${index}].closes`, closes],
      ];
    }).flat(),
  ) as Record<string, string>;

const configPath = () => `/admin/clients/${client.id}/config`;
const postHours = (fields: Record<string, string>, language = hebrew) =>
  postForm(configPath(), { intent: "hours", ...fields }, { headers: { Cookie: `${cookie}${language}` } });

beforeAll(async () => {
  cookie = await loginAsOperator();
  hebrew = `; ${await languageCookie("he")}`;
  const created = await request("/api/clients", {
    method: "POST",
    headers: { Cookie: cookie, "Content-Type": "application/json" },
    body: JSON.stringify({
      businessName: `Hours ${randomUUID().slice(0, 6)}`,
      ownerEmail: "owner@hours.example",
      websiteDomain: "hours.example",
      businessType: "retail",
    }),
  });
  expect(created.status).toBe(201);
  client = (await created.json()) as typeof client;
});

async function ask(message: string) {
  const response = await request("/api/wordpress/messages", {
    method: "POST",
    headers: { "Content-Type": "application/json", Accept: "application/json" },
    body: JSON.stringify({ license: client.licenseKey, sessionId: null, clientMessageId: randomUUID(), message }),
  });
  expect(response.status).toBe(200);
  return ((await response.json()) as { reply: string }).reply;
}

describe("business hours on the settings page", () => {
  it("start from an Israeli week, unsaved, and Alex says nothing of hours until they are saved", async () => {
    const page = await (await request(configPath(), { headers: { Cookie: `${cookie}${hebrew}` } })).text();
    expect(page).toContain("שעות פעילות");
    expect(page).toContain("עדיין לא הוגדרו");
    expect(page).toMatch(/name="days\[5\]\.closes"[^>]*value="13:00"/);
    expect(await ask("שלום")).not.toContain("סגורים");
  });

  it("refuse a closing time before the opening, or a time that is not one, in the operator's language", async () => {
    const english = await languageCookie("en");
    const bad = week((index) =>
      index === 0 ? { open: "on", opens: "18:00", closes: "09:00" } : { opens: "", closes: "" },
    );
    const inHebrew = await postHours(bad);
    expect(inHebrew.status).toBe(400);
    expect(await inHebrew.text()).toContain("שעת הסגירה צריכה להיות אחרי שעת הפתיחה");
    const inEnglish = await postHours({ ...bad, "days[0].opens": "9am", "days[0].closes": "25:00" }, `; ${english}`);
    expect(inEnglish.status).toBe(400);
    const html = await inEnglish.text();
    expect(html).toContain("A time such as 09:00");
    const missingDays = await postHours({ "days[0].opens": "09:00" });
    expect(missingDays.status).toBe(400);
    const page = await (await request(configPath(), { headers: { Cookie: `${cookie}${hebrew}` } })).text();
    expect(page, "nothing was saved").toContain("עדיין לא הוגדרו");
  });

  it("once saved, land back on the settings page, and a closed business says so to the visitor's first message", async () => {
    // Closed every day: the reply does not depend on the hour or the day (never "closed for Shabbat").
    const saved = await postHours(week(() => ({ opens: "", closes: "" })));
    expect(saved.status).toBe(302);
    expect(saved.headers.get("Location")).toBe(configPath());
    const page = await (await request(configPath(), { headers: { Cookie: `${cookie}${hebrew}` } })).text();
    expect(page).not.toContain("עדיין לא הוגדרו");
    expect(page).not.toMatch(/name="days\[0\]\.open"[^>]*checked/);

    expect(await ask("שלום, יש לכם עוגות?")).toBe("אנחנו סגורים כרגע. השאירו שם ומספר טלפון ונחזור אליכם אז.");
    expect(await ask("Hello, when are you open?")).toBe(
      "We're closed right now. Leave your name and phone number and we'll call you back then.",
    );
  });
});
