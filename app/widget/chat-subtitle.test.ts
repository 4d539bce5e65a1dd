import { beforeAll, describe, expect, it } from "vitest";
import { DEFAULT_BUSINESS_HOURS, type BusinessHours } from "~/hours/business-hours.ts";
import type { Language } from "~/i18n/config.ts";
import { getI18nInstance } from "~/i18n/middleware.server.ts";
import { chatSubtitle } from "./chat-subtitle.ts";

type Translate = (key: string, options?: Record<string, unknown>) => string;
const translators = {} as Record<Language, { widgetText: Translate; hoursText: Translate }>;
beforeAll(async () => {
  for (const language of ["he", "en"] as const) {
    const i18n = await getI18nInstance(language);
    translators[language] = {
      widgetText: i18n.getFixedT(language, "widget") as Translate,
      hoursText: i18n.getFixedT(language, "assistant") as Translate,
    };
  }
});

const subtitle = (now: string, language: Language, hours = DEFAULT_BUSINESS_HOURS) =>
  chatSubtitle({ hours, now: new Date(now), timeZone: "Asia/Jerusalem", ...translators[language] });

describe("the chat header's line under the business's name", () => {
  it("keeps 'around the clock' for a business that saved no hours", () => {
    expect(chatSubtitle({ hours: undefined, now: new Date(), timeZone: "Asia/Jerusalem", ...translators.he })).toBe(
      "עוזר AI · זמין מסביב לשעון",
    );
  });

  it("says until when an open business is open", () => {
    expect(subtitle("2026-11-24T11:00+02:00", "he")).toBe("עוזר AI · פתוחים עכשיו, עד 18:00");
    expect(subtitle("2026-11-27T10:00+02:00", "en")).toBe("AI assistant · open now, until 13:00");
  });

  it("names Shabbat on Saturday afternoon, and after nightfall only when it opens", () => {
    expect(subtitle("2026-11-28T12:00+02:00", "he")).toBe("עוזר AI · סגורים בשבת · נפתח מחר ב-09:00");
    expect(subtitle("2026-11-28T23:39+02:00", "he")).toBe("עוזר AI · סגורים עכשיו · נפתח מחר ב-09:00");
    expect(subtitle("2026-11-28T12:00+02:00", "en")).toBe(
      "AI assistant · closed for Shabbat · opens tomorrow at 09:00",
    );
  });

  it("names a holiday, and says plainly when a business never opens", () => {
    expect(subtitle("2026-09-21T11:00+03:00", "he")).toMatch(/^עוזר AI · סגורים ביום כיפור · נפתח /);
    const neverOpen: BusinessHours = { weekly: [null, null, null, null, null, null, null], closedOnHolidays: true };
    expect(subtitle("2026-11-24T11:00+02:00", "en", neverOpen)).toBe("AI assistant · closed now");
  });
});
