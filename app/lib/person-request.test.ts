import { describe, expect, it } from "vitest";
import { asksForAPerson } from "./person-request.ts";

describe("asksForAPerson", () => {
  it("hears a request for a person in Hebrew", () => {
    for (const message of [
      "אפשר לדבר עם נציג?",
      "נציג בבקשה",
      "אני רוצה לדבר עם בן אדם",
      "אפשר לדבר עם מישהו?",
      "תעביר אותי לנציג",
      "יש פה בנאדם?",
      "אני צריך שירות לקוחות",
    ]) {
      expect(asksForAPerson(message), message).toBe(true);
    }
  });

  it("hears a request for a person in English", () => {
    for (const message of [
      "Can I talk to a human?",
      "agent",
      "Agent please",
      "I want to speak with a real person",
      "a real person please",
      "can I speak to someone",
      "Let me talk to someone from your team",
      "connect me to a live agent",
      "human please",
      "Is there a representative I can talk to?",
    ]) {
      expect(asksForAPerson(message), message).toBe(true);
    }
  });

  it("leaves messages that only mention people to Alex", () => {
    for (const message of [
      "",
      "How much is a cake for 20 people?",
      "כמה אנשים נכנסים לאולם?",
      "What is the agent fee?",
      "I work in human resources",
      "Are you a travel agent?",
      "Do you sell cakes per person?",
      "מה שעות הפתיחה?",
      "שלום, אפשר לקבל הצעת מחיר?",
      "Who is the owner of the trademark?",
    ]) {
      expect(asksForAPerson(message), message).toBe(false);
    }
  });
});
