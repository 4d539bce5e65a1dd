import { beforeAll, describe, expect, it } from "vitest";
import type { Language } from "~/i18n/config.ts";
import { getI18nInstance } from "~/i18n/middleware.server.ts";
import { DEFAULT_BUSINESS_HOURS, openingState } from "./business-hours.ts";
import { asksForAPerson } from "~/lib/person-request.ts";
import { asksAboutHours, hoursForPrompt, hoursNotice } from "./hours-reply.ts";

type Translate = (key: string, options?: Record<string, unknown>) => string;
const translators = {} as Record<Language, Translate>;
beforeAll(async () => {
  for (const language of ["he", "en"] as const) {
    translators[language] = (await getI18nInstance(language)).getFixedT(language, "assistant") as Translate;
  }
});

const ISRAEL = "Asia/Jerusalem";
const FRIDAY_AFTERNOON = new Date("2026-11-27T15:00+02:00");
const YOM_KIPPUR = new Date("2026-09-21T11:00+03:00");
const TUESDAY_MORNING = new Date("2026-11-24T11:00+02:00");

function notice(now: Date, language: Language, message: string, extra: { firstReply?: boolean; phone?: string } = {}) {
  return hoursNotice({
    t: translators[language],
    state: openingState(now, DEFAULT_BUSINESS_HOURS, ISRAEL),
    now,
    timeZone: ISRAEL,
    message,
    firstReply: extra.firstReply ?? false,
    phone: extra.phone,
  });
}

describe("what Alex says about the hours", () => {
  it("on a Friday afternoon: closed for Shabbat, open on Sunday, and a call back, in both languages", () => {
    expect(notice(FRIDAY_AFTERNOON, "he", "שלום", { firstReply: true })).toBe(
      "אנחנו סגורים בשבת. נפתח ביום ראשון ב-09:00. השאירו שם ומספר טלפון ונחזור אליכם אז.",
    );
    expect(notice(FRIDAY_AFTERNOON, "en", "Hello", { firstReply: true })).toBe(
      "We're closed for Shabbat. We open on Sunday at 09:00. Leave your name and phone number and we'll call you back then.",
    );
  });

  it("on Yom Kippur: closed for the holiday, open tomorrow, calling back the phone already given", () => {
    expect(notice(YOM_KIPPUR, "he", "אתם פתוחים היום?", { phone: "050-1234567" })).toBe(
      "אנחנו סגורים ביום כיפור. נפתח מחר ב-09:00. נחזור אליכם למספר 050-1234567 אז.",
    );
    expect(notice(YOM_KIPPUR, "en", "Are you open today?")).toBe(
      "We're closed for Yom Kippur. We open tomorrow at 09:00. Leave your name and phone number and we'll call you back then.",
    );
  });

  it("on a weekday morning: nothing unasked, the closing time when asked, a person on request", () => {
    expect(notice(TUESDAY_MORNING, "he", "כמה עולה עוגה?", { firstReply: true })).toBeUndefined();
    expect(notice(TUESDAY_MORNING, "he", "עד מתי אתם פתוחים?")).toBe("אנחנו פתוחים עכשיו, עד 18:00.");
    expect(notice(TUESDAY_MORNING, "en", "Can I talk to a human?")).toBe(
      "Someone from the team can call you now: leave your name and phone number.",
    );
    expect(notice(TUESDAY_MORNING, "he", "אפשר לדבר עם נציג?", { phone: "050-1234567" })).toBe(
      "מישהו מהצוות יתקשר אליכם למספר 050-1234567 בקרוב.",
    );
  });

  it("while closed, says so once at the start and again only when asked", () => {
    expect(notice(FRIDAY_AFTERNOON, "en", "How much is a cake?")).toBeUndefined();
    expect(notice(FRIDAY_AFTERNOON, "en", "When do you open?")).toContain("We open on Sunday at 09:00.");
  });

  it("reads hours and people questions in both languages", () => {
    for (const question of ["מה שעות הפתיחה?", "are you open on Friday?", "When do you close?"]) {
      expect(asksAboutHours(question), question).toBe(true);
    }
    expect(asksAboutHours("כמה עולה עוגת שוקולד?")).toBe(false);
    for (const question of ["אני רוצה לדבר עם נציג", "can I speak to someone", "a real person please"]) {
      expect(asksForAPerson(question), question).toBe(true);
    }
  });

  it("gives the model the week and the moment", () => {
    const lines = hoursForPrompt(
      DEFAULT_BUSINESS_HOURS,
      openingState(FRIDAY_AFTERNOON, DEFAULT_BUSINESS_HOURS, ISRAEL),
      FRIDAY_AFTERNOON,
      ISRAEL,
    );
    expect(lines).toContain("Friday: 09:00–13:00");
    expect(lines).toContain("Saturday: closed");
    expect(lines.at(-1)).toBe(
      "Now (Friday 15:00): closed for Shabbat; it opens Sunday 09:00. Tell the visitor when the business opens and ask for their name and phone number so the team calls back then.",
    );
  });
});
