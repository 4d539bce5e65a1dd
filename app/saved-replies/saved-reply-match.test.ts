import { describe, expect, it } from "vitest";
import {
  fillVisitorName,
  findSlashQuery,
  insertAtQuery,
  matchSavedReplies,
  type SavedReplyOption,
} from "./saved-reply-match.ts";

const reply = (id: number, name: string, fields: Partial<SavedReplyOption> = {}): SavedReplyOption => ({
  id,
  name,
  shared: false,
  textHe: `טקסט ${name}`,
  textEn: `text ${name}`,
  ...fields,
});

describe("findSlashQuery", () => {
  it("finds a slash that starts the text or a word, up to the caret", () => {
    expect(findSlashQuery("/than", 5)).toEqual({ start: 0, end: 5, query: "than" });
    expect(findSlashQuery("Hi /than", 8)).toEqual({ start: 3, end: 8, query: "than" });
    expect(findSlashQuery("שלום\n/תוד", 9)).toEqual({ start: 5, end: 9, query: "תוד" });
    expect(findSlashQuery("/", 1)).toEqual({ start: 0, end: 1, query: "" });
  });

  it("reads only what is before the caret", () => {
    expect(findSlashQuery("/thanks and more", 4)).toEqual({ start: 0, end: 4, query: "tha" });
  });

  it("ignores slashes inside words, addresses and after a space", () => {
    expect(findSlashQuery("and/or", 6)).toBeNull();
    expect(findSlashQuery("see http://x", 12)).toBeNull();
    expect(findSlashQuery("/thanks ", 8)).toBeNull();
    expect(findSlashQuery("no slash", 8)).toBeNull();
  });
});

describe("matchSavedReplies", () => {
  const replies = [
    reply(1, "welcome", { shared: true }),
    reply(2, "hours"),
    reply(3, "thanks"),
    reply(4, "thanks-en", { textHe: "" }),
    reply(5, "shipping-thanks"),
    reply(6, "thanks-shared", { shared: true }),
  ];

  it("puts names that start with the query before names that contain it", () => {
    const names = matchSavedReplies(replies, "thanks", "he").map((match) => match.name);
    expect(names.at(-1)).toBe("shipping-thanks");
    expect(names).not.toContain("hours");
  });

  it("offers the replies written in the conversation's language first, the business's before the shared", () => {
    expect(matchSavedReplies(replies, "than", "he").map((match) => match.name)).toEqual([
      "thanks",
      "thanks-shared",
      "thanks-en",
      "shipping-thanks",
    ]);
    expect(matchSavedReplies(replies, "than", "en").map((match) => match.name)).toEqual([
      "thanks",
      "thanks-en",
      "thanks-shared",
      "shipping-thanks",
    ]);
  });

  it("gives the text in the conversation's language, else the other", () => {
    const [hebrew] = matchSavedReplies(replies, "thanks", "he");
    expect(hebrew).toMatchObject({ text: "טקסט thanks", language: "he" });
    const english = matchSavedReplies(replies, "thanks-en", "he")[0];
    expect(english).toMatchObject({ text: "text thanks-en", language: "en" });
  });

  it("matches without regard to case, every reply for an empty query, at most the limit", () => {
    expect(matchSavedReplies(replies, "HOU", "en").map((match) => match.id)).toEqual([2]);
    expect(matchSavedReplies(replies, "", "en")).toHaveLength(replies.length);
    expect(matchSavedReplies(replies, "", "en", 2)).toHaveLength(2);
  });
});

describe("fillVisitorName", () => {
  it("fills every {visitor_name} with the visitor's name", () => {
    expect(fillVisitorName("Hi {visitor_name}, thanks {visitor_name}!", "Dana", "there")).toBe("Hi Dana, thanks Dana!");
    expect(fillVisitorName("שלום { Visitor_Name }", "משה", "לך")).toBe("שלום משה");
  });

  it("uses the fallback word when the visitor gave no name", () => {
    expect(fillVisitorName("Hi {visitor_name}", null, "there")).toBe("Hi there");
    expect(fillVisitorName("תודה {visitor_name}", "  ", "לך")).toBe("תודה לך");
  });

  it("leaves other braces and a text without the placeholder alone", () => {
    expect(fillVisitorName("{name} $& {visitor}", "$&", "there")).toBe("{name} $& {visitor}");
    expect(fillVisitorName("Hi {visitor_name}", "$1 $&", "there")).toBe("Hi $1 $&");
  });
});

describe("insertAtQuery", () => {
  it("replaces the /query and puts the caret after the inserted text", () => {
    const text = "Hi /tha, bye";
    const query = findSlashQuery(text, 7)!;
    expect(insertAtQuery(text, query, "thank you")).toEqual({ value: "Hi thank you, bye", caret: 12 });
  });
});
