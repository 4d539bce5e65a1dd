import { describe, expect, it } from "vitest";
import {
  extractContactDetails,
  extractName,
  extractPhone,
  hasNameAndPhone,
  learnedSomethingNew,
  mergeContactDetails,
  normalisePhone,
} from "./contact-details.ts";

describe("Israeli phone numbers", () => {
  it.each([
    ["050-1234567", "050-1234567"],
    ["0501234567", "050-1234567"],
    ["+972-50-123-4567", "050-1234567"],
    ["+972 50 123 4567", "050-1234567"],
    ["972501234567", "050-1234567"],
    ["00972-54-765-4321", "054-7654321"],
    ["(050) 123-4567", "050-1234567"],
    ["050.123.4567", "050-1234567"],
    ["03-1234567", "03-1234567"],
    ["031234567", "03-1234567"],
    ["+972-3-123-4567", "03-1234567"],
    ["077-1234567", "077-1234567"],
  ])("reads %s as %s", (written, expected) => {
    expect(normalisePhone(written)).toBe(expected);
    expect(extractPhone(`הטלפון שלי ${written} תודה`)).toBe(expected);
  });

  it.each(["12345", "050-123456", "06-1234567", "1-800-123-456", "2026", "150"])(
    "does not take %s for a phone number",
    (written) => {
      expect(extractPhone(`number ${written} please`)).toBeUndefined();
    },
  );

  it("finds the number next to other numbers", () => {
    expect(extractPhone("0501234567 80 אורחים")).toBe("050-1234567");
    expect(extractPhone("we are 120 guests, call 052 765 4321")).toBe("052-7654321");
  });
});

describe("names", () => {
  it.each([
    ["קוראים לי דנה לוי", "דנה לוי"],
    ["היי, קוראים לי דנה והטלפון שלי 050-1234567", "דנה"],
    ["שמי יוסי כהן, 0501234567", "יוסי כהן"],
    ["השם שלי הוא מיכל", "מיכל"],
    ["My name is Dana Levi and my phone is 050-1234567", "Dana Levi"],
    ["my name's John.", "John"],
    ["Name: Sarah O'Brien", "Sarah O'Brien"],
    ["שם: אבי בן-דוד", "אבי בן-דוד"],
  ])("reads the name in %s", (text, name) => {
    expect(extractName(text)).toBe(name);
  });

  it("takes at most three words and nothing that is not a name", () => {
    expect(extractName("קוראים לי דנה מרים לוי כהן")).toBe("דנה מרים לוי");
    expect(extractName("my name is 050-1234567")).toBeUndefined();
    expect(extractName("אני רוצה לשמוע על המחירים")).toBeUndefined();
    expect(extractName("what is the name of the plugin?")).toBeUndefined();
  });
});

describe("contact details", () => {
  it("reads party details when said", () => {
    expect(extractContactDetails("אנחנו מתכננים בר מצווה לכ-120 אורחים בתל אביב, תקציב ₪45,000")).toEqual({
      partyType: "בר מצווה",
      guestCount: 120,
      location: "תל אביב",
      budget: "₪45,000",
    });
    expect(extractContactDetails("A wedding for 200 guests in Haifa, budget $20,000")).toEqual({
      partyType: "wedding",
      guestCount: 200,
      location: "Haifa",
      budget: "$20,000",
    });
    expect(extractContactDetails("התקציב שלנו 30 אלף")).toEqual({ budget: "₪30,000" });
    expect(extractContactDetails("30000 ש״ח")).toEqual({ budget: "₪30,000" });
  });

  it("leaves out what a message does not say", () => {
    expect(extractContactDetails("כמה זה עולה?")).toEqual({});
  });

  it("merges a conversation's details turn by turn, a correction replacing the old value", () => {
    const first = mergeContactDetails({}, extractContactDetails("קוראים לי דנה"));
    const second = mergeContactDetails(first, extractContactDetails("0501234567"));
    expect(second).toEqual({ clientName: "דנה", phone: "050-1234567" });
    expect(hasNameAndPhone(first)).toBe(false);
    expect(hasNameAndPhone(second)).toBe(true);
    expect(mergeContactDetails(second, { phone: "052-7654321" }).phone).toBe("052-7654321");
  });

  it("tells a new name or phone from a repeated one", () => {
    const known = { clientName: "דנה", phone: "050-1234567" };
    expect(learnedSomethingNew(known, known)).toBe(false);
    expect(learnedSomethingNew(known, { ...known, guestCount: 80 })).toBe(false);
    expect(learnedSomethingNew({}, { clientName: "דנה" })).toBe(true);
    expect(learnedSomethingNew(known, { ...known, phone: "052-7654321" })).toBe(true);
  });
});
