import { describe, expect, it } from "vitest";
import { answerExcerpt, sharesSubject } from "./subject.server.ts";

const faq = (topic: string, content: string) => ({ topic, content, origin: "faq" as const });
const page = (topic: string, content: string) => ({ topic, content, origin: "scan" as const });

describe("sharesSubject", () => {
  it("takes an FAQ answer only for a question that shares a term with the FAQ's own question", () => {
    const kashrut = faq("האם המסעדה כשרה?", "כן, בהשגחת הרבנות המקומית.");
    expect(sharesSubject("שלום, יש מקום לארבעה הערב?", kashrut)).toBe(false);
    expect(sharesSubject("המקום כשר?", kashrut)).toBe(true);
    expect(sharesSubject("Is the food kosher?", kashrut)).toBe(true);
    const parking = faq("יש חניה?", "יש חניה חינם ברחוב סוקולוב, ממש מול הסלון.");
    expect(sharesSubject("איפה אתם נמצאים?", parking)).toBe(false);
    expect(sharesSubject("Where are you located?", parking)).toBe(false);
    expect(sharesSubject("Is there parking?", parking)).toBe(true);
  });

  it("does not take a shared price word for the subject when the question names one", () => {
    const color = faq("כמה עולה צבע מלא?", "צבע מלא מ־400 ₪.");
    expect(sharesSubject("כמה עולה טיפול פנים?", color)).toBe(false);
    expect(sharesSubject("What does a facial cost?", color)).toBe(false);
    expect(sharesSubject("כמה עולה צבע?", color)).toBe(true);
    expect(sharesSubject("מה המחירים?", color)).toBe(true);
  });

  it("takes an FAQ titled by its topic for the words visitors use of that topic", () => {
    const area = faq("Service area", "Our technicians cover Tel Aviv, Ramat Gan, Holon and Bat Yam.");
    expect(sharesSubject("Do you come to Holon?", area)).toBe(true);
    expect(sharesSubject("Do you fix boilers?", area)).toBe(false);
    const funds = faq("קופות חולים וביטוחים", "המרפאה בהסדר עם מכבי שיניים.");
    expect(sharesSubject("אתם עובדים עם מכבי?", funds)).toBe(true);
    const allergens = faq("אלרגנים", "הרטבים מכילים שום ואגוזים.");
    expect(sharesSubject("יש לי אלרגיה לאגוזים", allergens)).toBe(true);
    const emergency = faq("Emergency service", "For a burst pipe or flooding we answer around the clock.");
    expect(sharesSubject("Water is flooding my apartment right now!", emergency)).toBe(true);
  });

  it("reads a page or the business information by its title and text", () => {
    const events = page("אירועים פרטיים", "החדר האחורי מתאים לימי הולדת וערבי צוות עד 30 איש.");
    expect(sharesSubject("רוצה לחגוג יום הולדת אצלכם", events)).toBe(true);
    expect(sharesSubject("יש לכם סושי?", events)).toBe(false);
    const info = { topic: "", content: "מאפיית השכונה נמצאת ברחוב הרצל 12 ברמת גן.", origin: "manual" as const };
    expect(sharesSubject("What is your address?", info)).toBe(true);
  });
});

describe("answerExcerpt", () => {
  const line =
    "סלון נועה הוא סלון שיער לנשים ולגברים ברמת השרון: תספורת נשים 180 ₪, תספורת גברים 90 ₪, " +
    "צבע שורש מ־250 ₪, החלקה אורגנית מ־900 ₪, תסרוקות ערב וכלות בתיאום מראש, ומוצרי טיפוח מקצועיים למכירה בסלון";

  it("quotes the clauses of a long line that hold most of the question's terms", () => {
    expect(answerExcerpt("כמה עולה תספורת נשים?", line)).toBe("תספורת נשים 180 ₪");
    expect(answerExcerpt("כמה עולה החלקה?", line)).toBe("החלקה אורגנית מ־900 ₪");
  });

  it("keeps a short passage, or a long one nothing in it answers, whole", () => {
    expect(answerExcerpt("כמה עולה?", "צבע מלא מ־400 ₪.")).toBe("צבע מלא מ־400 ₪.");
    expect(answerExcerpt("sushi?", line)).toBe(line);
  });

  it("picks whole sentences of a long passage that has them", () => {
    const text =
      "We repair burst pipes, leaking taps and blocked drains across the Sharon area, with the parts in the van. " +
      "Our electricians replace fuse boxes and fix tripping switches the same day. " +
      "Painting is booked a week ahead.";
    expect(answerExcerpt("The main switch keeps tripping", text)).toBe(
      "Our electricians replace fuse boxes and fix tripping switches the same day.",
    );
  });
});
