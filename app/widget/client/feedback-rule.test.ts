import { describe, expect, it } from "vitest";
import { FEEDBACK_AFTER_REPLIES, shouldAskForFeedback } from "./feedback-rule.ts";

describe("when the widget asks 'Was this helpful?'", () => {
  it("asks once the visitor has had enough replies to judge", () => {
    expect(
      shouldAskForFeedback({ replies: FEEDBACK_AFTER_REPLIES - 1, lastMessageType: "general", alreadyAsked: false }),
    ).toBe(false);
    expect(
      shouldAskForFeedback({ replies: FEEDBACK_AFTER_REPLIES, lastMessageType: "general", alreadyAsked: false }),
    ).toBe(true);
  });

  it("asks as soon as Alex has collected the visitor's details", () => {
    expect(shouldAskForFeedback({ replies: 1, lastMessageType: "contact_collected", alreadyAsked: false })).toBe(true);
  });

  it("never asks twice in a session, nor before any reply", () => {
    expect(shouldAskForFeedback({ replies: 10, lastMessageType: "contact_collected", alreadyAsked: true })).toBe(false);
    expect(shouldAskForFeedback({ replies: 0, lastMessageType: null, alreadyAsked: false })).toBe(false);
  });
});
