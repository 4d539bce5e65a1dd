import { describe, expect, it } from "vitest";
import {
  extractContactDetails,
  extractEmail,
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

  it.each([
    ["+44 7700 900123", "+447700900123"],
    ["+44 (0)20 7946 0958", "+442079460958"],
    ["0044 7700 900123", "+447700900123"],
    ["+1 (212) 555-0199", "+12125550199"],
    ["+33 6 12 34 56 78", "+33612345678"],
  ])("reads the international %s in E.164 as %s", (written, expected) => {
    expect(normalisePhone(written)).toBe(expected);
    expect(extractPhone(`or call me on ${written} thanks`)).toBe(expected);
  });

  it.each(["+44 123", "+0 7700 900123", "212 555 0199"])("does not take %s for an international number", (written) => {
    expect(normalisePhone(written)).toBeUndefined();
  });

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
    ["Hi, I'm Dan Miller, please call me at 054-1112233 about a haircut", "Dan Miller"],
    ["I am Sarah and my number is 0501234567", "Sarah"],
    ["Hello, this is Noa Katz. Can someone call me back?", "Noa Katz"],
    ["Eve Walker here, planning a wedding. Email me or call me on +44 7700 900123", "Eve Walker"],
    ["היי, אני דנה לוי, 050-1234567", "דנה לוי"],
    ["אני מיכל ואני רוצה לקבוע תור, 0501234567", "מיכל"],
    ["קוראים לי רון", "רון"],
    ["שמי יעל", "יעל"],
  ])("reads the name in %s", (text, name) => {
    expect(extractName(text)).toBe(name);
  });

  it("takes at most three words and nothing that is not a name", () => {
    expect(extractName("קוראים לי דנה מרים לוי כהן")).toBe("דנה מרים לוי");
    expect(extractName("my name is 050-1234567")).toBeUndefined();
    expect(extractName("אני רוצה לשמוע על המחירים")).toBeUndefined();
    expect(extractName("what is the name of the plugin?")).toBeUndefined();
  });

  it("never takes the word before a number, or words that only look like an introduction", () => {
    expect(extractName("Wedding in June, email me or call me on +44 7700 900123")).toBeUndefined();
    expect(extractName("please call me at 0501234567")).toBeUndefined();
    expect(extractName("I'm looking for a haircut, 0501234567")).toBeUndefined();
    expect(extractName("this is urgent, call 0501234567")).toBeUndefined();
    // "אני" introduces a name only beside a way back, and never a word that goes on the sentence.
    expect(extractName("אני דנה")).toBeUndefined();
    expect(extractName("אני מעוניינת בתספורת, 0501234567")).toBeUndefined();
    expect(extractName("אני לא בטוחה, תתקשרו 0501234567")).toBeUndefined();
  });
});

describe("e-mail addresses", () => {
  it("reads an address in either language's sentence, in lower case", () => {
    expect(extractEmail("write to Dana.Levi+salon@Example.co.il please")).toBe("dana.levi+salon@example.co.il");
    expect(extractEmail("המייל שלי noa@mail.example, תודה")).toBe("noa@mail.example");
    expect(extractEmail("my handle is @noa")).toBeUndefined();
    expect(extractEmail("noa@localhost")).toBeUndefined();
  });

  it("counts an e-mail as a new way to reach the visitor", () => {
    expect(extractContactDetails("eve.walker@example.com")).toEqual({ email: "eve.walker@example.com" });
    expect(learnedSomethingNew({}, { email: "eve.walker@example.com" })).toBe(true);
    expect(learnedSomethingNew({ email: "a@b.example" }, { email: "a@b.example" })).toBe(false);
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
