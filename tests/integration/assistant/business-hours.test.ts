import { afterAll, beforeAll, describe, expect, it } from "vitest";
import type { DatabaseHandle } from "#db/connection.ts";
import { answerVisitor } from "~/assistant/assistant.server.ts";
import { chatUiResponse } from "~/widget/chat-ui.server.ts";
import { DEFAULT_BUSINESS_HOURS } from "~/hours/business-hours.ts";
import { saveBusinessHours } from "~/models/business-hours.server.ts";
import { createTraining } from "~/training/training.server.ts";
import { insertClient } from "../../support/factories.ts";
import { openTestDatabase, testDrivers } from "../../support/database.ts";

const ISRAEL = "Asia/Jerusalem";
const FRIDAY_AFTERNOON = new Date("2026-11-27T15:00+02:00");
const YOM_KIPPUR = new Date("2026-09-21T11:00+03:00");
const TUESDAY_MORNING = new Date("2026-11-24T11:00+02:00");

describe.each(testDrivers)("the assistant knows the business's hours, on %s", (driver) => {
  let handle: DatabaseHandle;
  let client: { id: number; businessName: string; businessType: string; licenseKey: string };

  beforeAll(async () => {
    handle = await openTestDatabase(driver);
    client = await insertClient(handle.db, { businessName: "Bakery" });
    await createTraining(handle.db, client.id, {
      businessType: "restaurant",
      businessInfo: "Sourdough and cakes baked every morning in Haifa.",
      knowledgeBase: {
        faq: [
          { q: "Do you deliver?", a: "Yes, across Haifa for 20 shekels." },
          // What an old scan of the site said: the saved hours overrule it.
          { q: "מה שעות הפתיחה? When are you open?", a: "Opening hours: Sunday to Friday 07:00–22:00." },
        ],
      },
    });
    await saveBusinessHours(handle.db, client.id, {
      weekly: [...DEFAULT_BUSINESS_HOURS.weekly],
      closedOnHolidays: true,
    });
  });
  afterAll(() => handle.close());

  const ask = (message: string, now: Date, history: { userMessage: string; aiResponse: string }[] = []) =>
    answerVisitor(handle.db, undefined, {
      client,
      message,
      imageCount: 0,
      requestLanguage: "he",
      history: history.map((turn) => ({ ...turn, messageType: "conversation" as const })),
      knownDetails: {},
      onDelta: () => {},
      clock: { now, timeZone: ISRAEL },
    });

  it("on a Friday afternoon opens the chat with Shabbat and Sunday, then still answers the question", async () => {
    const hebrew = await ask("אתם עושים משלוחים?", FRIDAY_AFTERNOON);
    expect(hebrew.reply).toMatch(/^אנחנו סגורים בשבת\. נפתח ביום ראשון ב-09:00\./);
    expect(hebrew.reply).toContain("20 shekels");
    const english = await ask("Do you deliver?", FRIDAY_AFTERNOON);
    expect(english.reply).toMatch(/^We're closed for Shabbat\. We open on Sunday at 09:00\./);
    expect(english.reply).toContain("20 shekels");
  });

  it("on Yom Kippur says the holiday and tomorrow, and takes the phone for the call back", async () => {
    const { reply, details } = await ask("שמי רונית והטלפון שלי 050-1234567, מתי אתם פתוחים?", YOM_KIPPUR, [
      { userMessage: "שלום", aiResponse: "אנחנו סגורים ביום כיפור." },
    ]);
    expect(details.phone).toBe("050-1234567");
    expect(reply).toBe("אנחנו סגורים ביום כיפור. נפתח מחר ב-09:00. נחזור אליכם למספר 050-1234567 אז.");
  });

  it("on Yom Kippur, asked about the hours in English, answers the holiday and when it opens", async () => {
    const { reply } = await ask("Are you open today?", YOM_KIPPUR, [{ userMessage: "Hi", aiResponse: "Hello" }]);
    expect(reply).toBe(
      "We're closed for Yom Kippur. We open tomorrow at 09:00. Leave your name and phone number and we'll call you back then.",
    );
  });

  it("on a weekday morning says nothing of hours unasked, and offers a person when asked", async () => {
    const { reply } = await ask("Do you deliver?", TUESDAY_MORNING);
    expect(reply).not.toMatch(/closed|open/i);
    expect(reply).toContain("20 shekels");
    const person = await ask("אפשר לדבר עם נציג?", TUESDAY_MORNING, [{ userMessage: "היי", aiResponse: "שלום" }]);
    expect(person.reply).toBe("מישהו מהצוות יכול להתקשר אליכם עכשיו: השאירו שם ומספר טלפון.");
  });

  it("answers an hours question from the saved hours, not from a passage stating other hours", async () => {
    const hebrew = await ask("מה שעות הפתיחה שלכם?", TUESDAY_MORNING, [{ userMessage: "היי", aiResponse: "שלום" }]);
    expect(hebrew.reply).toBe("אנחנו פתוחים עכשיו, עד 18:00.");
    const english = await ask("When are you open?", FRIDAY_AFTERNOON, [{ userMessage: "Hi", aiResponse: "Hello" }]);
    expect(english.reply).toContain("We're closed for Shabbat. We open on Sunday at 09:00.");
    expect(english.reply).not.toContain("07:00");
  });

  it("shows the hours in the chat's header: Shabbat and Sunday, open until when, and around the clock without hours", async () => {
    const header = async (now: Date, language: "he" | "en", license = client.licenseKey) => {
      const page = await chatUiResponse(handle.db, {
        license,
        language,
        nonce: "n",
        embeddingSite: null,
        selfOrigin: "http://alex.test",
        timeZone: ISRAEL,
        now,
      });
      return /<p id="alex-subtitle">([^<]*)<\/p>/.exec(await page.text())?.[1];
    };
    expect(await header(FRIDAY_AFTERNOON, "he")).toBe("עוזר AI · סגורים בשבת · נפתח ביום ראשון ב-09:00");
    expect(await header(TUESDAY_MORNING, "en")).toBe("AI assistant · open now, until 18:00");
    const withoutHours = await insertClient(handle.db, { businessName: "No hours yet" });
    expect(await header(FRIDAY_AFTERNOON, "he", withoutHours.licenseKey)).toBe("עוזר AI · זמין מסביב לשעון");
  });
});
