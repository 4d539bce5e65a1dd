import { describe, expect, it } from "vitest";
import { classifyTurn, deliverableFromWords, type TurnFacts } from "./message-type.ts";

const plain: TurnFacts = {
  providerFailed: false,
  firstReplyOfSession: false,
  imageCount: 0,
  contactCollected: false,
  deliverable: undefined,
};

describe("classifyTurn", () => {
  it("makes the first AI reply of a session its conversation, whatever else the turn holds", () => {
    expect(classifyTurn({ ...plain, firstReplyOfSession: true })).toBe("conversation");
    expect(
      classifyTurn({
        ...plain,
        firstReplyOfSession: true,
        imageCount: 2,
        contactCollected: true,
        deliverable: "article",
      }),
    ).toBe("conversation");
  });

  it("never bills a fallback: a failed provider is a general turn", () => {
    expect(classifyTurn({ ...plain, providerFailed: true, firstReplyOfSession: true })).toBe("general");
    expect(classifyTurn({ ...plain, providerFailed: true, deliverable: "solution" })).toBe("general");
  });

  it("then images, contact details, the deliverable, and general", () => {
    expect(classifyTurn({ ...plain, imageCount: 1, contactCollected: true })).toBe("images_received");
    expect(classifyTurn({ ...plain, contactCollected: true, deliverable: "solution" })).toBe("contact_collected");
    expect(classifyTurn({ ...plain, deliverable: "article" })).toBe("article");
    expect(classifyTurn({ ...plain, deliverable: "solution" })).toBe("solution");
    expect(classifyTurn({ ...plain, deliverable: "article_approved" })).toBe("article_approved");
    expect(classifyTurn({ ...plain, deliverable: "payment_confirmed" })).toBe("payment_confirmed");
    expect(classifyTurn(plain)).toBe("general");
  });
});

describe("deliverableFromWords", () => {
  const words = (visitorMessage: string, extra: Partial<Parameters<typeof deliverableFromWords>[0]> = {}) =>
    deliverableFromWords({ visitorMessage, previousMessageType: "general", answeredFromKnowledge: true, ...extra });

  it("hears a payment reported", () => {
    expect(words("שילמתי עכשיו בכרטיס")).toBe("payment_confirmed");
    expect(words("I've paid, thanks")).toBe("payment_confirmed");
  });

  it("hears an approval only right after an article", () => {
    expect(words("מאשר, אפשר לפרסם", { previousMessageType: "article" })).toBe("article_approved");
    expect(words("Looks good, publish it", { previousMessageType: "article" })).toBe("article_approved");
    expect(words("מאשר, אפשר לפרסם")).toBeUndefined();
  });

  it("calls a problem answered from the knowledge base a solution, and never claims an article", () => {
    expect(words("יש לי בעיה עם הסתימה בכיור")).toBe("solution");
    expect(words("My AC is not working")).toBe("solution");
    expect(words("My AC is not working", { answeredFromKnowledge: false })).toBeUndefined();
    expect(words("write me an article about my problem")).toBeUndefined();
    expect(words("כמה זה עולה?")).toBeUndefined();
  });
});
