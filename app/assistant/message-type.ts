import type { MessageType } from "#db/vocabulary.ts";

/** What a reply delivered beyond talk, as the provider reports it (the model through a tool). */
export const DELIVERABLES = ["article", "solution", "article_approved", "payment_confirmed"] as const;
export type Deliverable = (typeof DELIVERABLES)[number];

export type TurnFacts = {
  /** The provider failed and the visitor got the fallback: no AI reply, nothing billed. */
  providerFailed: boolean;
  /** The visitor left before the answer was ready (the request was abandoned): nothing billed. */
  visitorGone?: boolean;
  /** No earlier message of the session was billed as its conversation. */
  firstReplyOfSession: boolean;
  imageCount: number;
  /** The visitor gave a name or phone number not known before. */
  contactCollected: boolean;
  deliverable: Deliverable | undefined;
};

/**
 * The type of a turn, in a fixed order of precedence: the first AI reply of a session is its
 * conversation whatever else happened in it; then images, contact details, and what the reply
 * delivered; anything else is general.
 */
export function classifyTurn(facts: TurnFacts): MessageType {
  if (facts.providerFailed || facts.visitorGone) return "general";
  if (facts.firstReplyOfSession) return "conversation";
  if (facts.imageCount > 0) return "images_received";
  if (facts.contactCollected) return "contact_collected";
  return facts.deliverable ?? "general";
}

const ARTICLE_REQUEST = /מאמר|פוסט\s+ל?בלוג|כתבה|\barticle\b|\bblog\s+post\b/iu;
const APPROVAL =
  /(?:^|\s)(?:מאשר|מאשרת|מאושר|אישרתי|אפשר\s+לפרסם|תפרסם|תפרסמו|approved?|looks\s+good|publish\s+it|go\s+ahead)(?:$|[\s.!,])/iu;
const PAYMENT_DONE =
  /שילמתי|העברתי\s+(?:את\s+)?(?:ה)?תשלום|ביצעתי\s+(?:את\s+)?(?:ה)?תשלום|התשלום\s+(?:בוצע|עבר)|\bi(?:'ve|\s+have)?\s+paid\b|\bpayment\s+(?:is\s+)?(?:done|sent|made|completed)\b/iu;
const PROBLEM =
  /בעיה|תקלה|לא\s+עובד|לא\s+מצליח|לא\s+מצליחה|נתקע|שבור|נשבר|דחוף|\bproblem\b|\bissue\b|\bbroken\b|\bnot\s+working\b|\bdoesn't\s+work\b|\bstuck\b|\burgent\b|\bleak/iu;

/**
 * What the built-in responder, which has no model, can tell from the visitor's words: a payment
 * reported, an article approved (only right after an article), or a problem that a knowledge passage
 * answers (a solution). It never claims an article: it cannot write one.
 */
export function deliverableFromWords(input: {
  visitorMessage: string;
  previousMessageType: MessageType | undefined;
  answeredFromKnowledge: boolean;
}): Deliverable | undefined {
  const { visitorMessage, previousMessageType, answeredFromKnowledge } = input;
  if (PAYMENT_DONE.test(visitorMessage)) return "payment_confirmed";
  if (previousMessageType === "article" && APPROVAL.test(visitorMessage)) return "article_approved";
  if (answeredFromKnowledge && PROBLEM.test(visitorMessage) && !ARTICLE_REQUEST.test(visitorMessage)) return "solution";
  return undefined;
}
