import { beforeAll, describe, expect, it } from "vitest";
import type { Language } from "~/i18n/config.ts";
import { getI18nInstance } from "~/i18n/middleware.server.ts";
import { answersNothing, builtInReply, type AssistantTranslate, type BuiltInTurn } from "./built-in-responder.ts";

const translators = {} as Record<Language, AssistantTranslate>;
beforeAll(async () => {
  for (const language of ["he", "en"] as const) {
    translators[language] = (await getI18nInstance(language)).getFixedT(language, "assistant") as AssistantTranslate;
  }
});

const FLOW = ["need identification", "solution presentation", "deal closing"];
const passage = {
  topic: "תמחור",
  content: "המנוי עולה $50 לחודש.",
  sourceUrl: "https://alex-ai.example/pricing",
  origin: "scan" as const,
};

function turn(overrides: Partial<BuiltInTurn> = {}): BuiltInTurn {
  const language = overrides.language ?? "he";
  return {
    t: translators[language],
    language,
    businessType: "marketing",
    salesStyle: "consultative",
    salesFlow: FLOW,
    previousReplies: 0,
    passages: [],
    asked: true,
    imageCount: 0,
    knownDetails: {},
    details: {},
    deliverable: undefined,
    ...overrides,
  };
}

describe("builtInReply", () => {
  it('never repeats the greeting the chat opened with: a first "hello" gets the first step of the sales flow', () => {
    expect(builtInReply(turn({ asked: false }))).toBe("ספרו לי קצת על מה שאתם מחפשים, ואכוון אתכם לתשובה הנכונה.");
    expect(builtInReply(turn({ asked: false, language: "en", salesFlow: [] }))).toBe("How can I help?");
  });

  it("answers the first message from the best passage, without a greeting before it", () => {
    expect(builtInReply(turn({ passages: [{ ...passage, sourceUrl: null, origin: "faq" }] }))).toBe(
      "המנוי עולה $50 לחודש.\n\nספרו לי קצת על מה שאתם מחפשים, ואכוון אתכם לתשובה הנכונה.",
    );
  });

  it("answers with the best passage and its source, then the next step of the sales flow", () => {
    expect(
      builtInReply(turn({ previousReplies: 1, passages: [passage, { ...passage, content: "second best" }] })),
    ).toBe(
      "המנוי עולה $50 לחודש.\nלפרטים נוספים: https://alex-ai.example/pricing\n\nרוצים שנבדוק יחד מה יתאים לעסק שלכם?",
    );
    expect(builtInReply(turn({ previousReplies: 5, passages: [{ ...passage, sourceUrl: null }] }))).toBe(
      "המנוי עולה $50 לחודש.\n\nנמשיך בטלפון? השאירו שם ומספר טלפון ונחזור אליכם.",
    );
  });

  it("offers what the client's kind of business offers, and closes as its sales style says", () => {
    const parking = {
      topic: "יש חניה?",
      content: "יש חניה חינם ברחוב סוקולוב.",
      sourceUrl: null,
      origin: "faq" as const,
    };
    const offers = {
      services: "רוצים לקבוע תור?",
      restaurant: "רוצים שאשריין לכם שולחן?",
      realestate: "רוצים שסוכן יתאים לכם נכסים?",
      "party planning platform": "רוצים שנתחיל לתכנן את האירוע שלכם?",
      other: "יש עוד משהו שאפשר לעזור בו?",
    };
    for (const [businessType, offer] of Object.entries(offers))
      expect(builtInReply(turn({ businessType, previousReplies: 1, passages: [parking] }))).toBe(
        `יש חניה חינם ברחוב סוקולוב.\n\n${offer}`,
      );
    expect(
      builtInReply(turn({ businessType: "services", language: "en", previousReplies: 1, passages: [parking] })),
    ).toMatch(/Would you like to book an appointment\?$/);
    expect(builtInReply(turn({ previousReplies: 2, passages: [parking] }))).toMatch(
      /נמשיך בטלפון\? השאירו שם ומספר טלפון ונחזור אליכם\.$/,
    );
    expect(builtInReply(turn({ salesStyle: "aggressive", previousReplies: 2, passages: [parking] }))).toMatch(
      /השאירו שם ומספר טלפון, ונחזור אליכם לסגור את הפרטים\.$/,
    );
  });

  it("says honestly when it has no answer and asks for a way to call back, from the first message on", () => {
    expect(builtInReply(turn({ language: "en" }))).toBe(
      "I don't know the answer to that yet. Leave your name and phone number, and the team will get back to you with an answer.",
    );
    expect(builtInReply(turn({ previousReplies: 3 }))).toBe(
      "את התשובה לזה אני עדיין לא יודע. השאירו שם ומספר טלפון, והצוות יחזור אליכם עם תשובה.",
    );
    const known = { clientName: "Dana", phone: "050-1234567" };
    expect(builtInReply(turn({ previousReplies: 3, language: "en", knownDetails: known, details: known }))).toBe(
      "I don't know the answer to that yet. The team will get back to you at 050-1234567 with an answer.",
    );
  });

  it("takes an e-mail address as a way back", () => {
    expect(builtInReply(turn({ language: "en", details: { email: "eve@example.com" } }))).toBe(
      "Thanks! And what is your name?",
    );
    expect(
      builtInReply(
        turn({ knownDetails: { email: "eve@example.com" }, details: { email: "eve@example.com", clientName: "איב" } }),
      ),
    ).toBe("תודה, איב! נכתוב אליך בקרוב לכתובת eve@example.com.");
  });

  it("takes contact details: asks for what is missing, thanks when both are there, and stops asking", () => {
    expect(builtInReply(turn({ previousReplies: 2, details: { clientName: "דנה" } }))).toBe(
      "נעים מאוד, דנה! באיזה מספר טלפון אפשר לחזור אליך?",
    );
    expect(builtInReply(turn({ previousReplies: 2, details: { phone: "050-1234567" } }))).toBe("תודה! ואיך קוראים לך?");
    const complete = { clientName: "דנה", phone: "050-1234567" };
    expect(builtInReply(turn({ previousReplies: 3, knownDetails: { clientName: "דנה" }, details: complete }))).toBe(
      "תודה, דנה! נחזור אליך בקרוב למספר 050-1234567.",
    );
    expect(
      builtInReply(turn({ previousReplies: 4, knownDetails: complete, details: complete, passages: [passage] })),
    ).toBe("המנוי עולה $50 לחודש.\nלפרטים נוספים: https://alex-ai.example/pricing");
  });

  it("thanks for images and notes a payment", () => {
    expect(builtInReply(turn({ previousReplies: 1, imageCount: 2, language: "en", salesFlow: [] }))).toBe(
      "Thanks, I received your 2 images.",
    );
    expect(builtInReply(turn({ previousReplies: 1, imageCount: 2, salesFlow: [] }))).toBe(
      "תודה, קיבלתי את שתי התמונות.",
    );
    expect(builtInReply(turn({ previousReplies: 1, deliverable: "payment_confirmed", salesFlow: [] }))).toBe(
      "תודה, התשלום נרשם. הצוות יאשר אותו מולך.",
    );
  });

  it("is deterministic", () => {
    const input = turn({ previousReplies: 1, passages: [passage] });
    expect(builtInReply(input)).toBe(builtInReply(input));
  });
});

describe("answersNothing", () => {
  it("is the honest reply to a question nothing answers, and only that", () => {
    expect(answersNothing(turn())).toBe(true);
    expect(builtInReply(turn())).toBe(translators.he("noAnswer"));
    expect(answersNothing(turn({ passages: [passage] }))).toBe(false);
    expect(answersNothing(turn({ asked: false }))).toBe(false);
    expect(answersNothing(turn({ hoursNotice: "סגור עכשיו" }))).toBe(false);
    expect(answersNothing(turn({ details: { phone: "0501234567" } }))).toBe(false);
  });
});
