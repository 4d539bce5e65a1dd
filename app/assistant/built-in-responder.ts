import type { Language } from "~/i18n/config.ts";
import type { ContactDetails } from "./contact-details.ts";
import { hasNameAndPhone } from "./contact-details.ts";
import type { Deliverable } from "./message-type.ts";
import type { PromptPassage } from "./system-prompt.ts";

/** A translator fixed to the reply's language and the assistant namespace. */
export type AssistantTranslate = (key: string, options?: Record<string, unknown>) => string;

export type BuiltInTurn = {
  t: AssistantTranslate;
  language: Language;
  /** The client's business type and sales style: what the sales flow offers, and how directly it closes. */
  businessType: string;
  salesStyle: string | undefined;
  salesFlow: readonly string[];
  /** How many replies the session already had: the position in the sales flow. */
  previousReplies: number;
  /**
   * The passages retrieved for the message that speak of what it asks, a long one cut to the parts
   * that answer it (app/assistant/subject.server.ts), best first.
   */
  passages: readonly PromptPassage[];
  /** The message asks something (it has a word beyond greetings and question words): no passage means no answer. */
  asked: boolean;
  imageCount: number;
  /** Contact details before this message, and after it. */
  knownDetails: ContactDetails;
  details: ContactDetails;
  deliverable: Deliverable | undefined;
  /** What to say about the opening hours (app/hours/hours-reply.ts), when they matter to this message. */
  hoursNotice?: string | undefined;
};

/** The three stages of the training screen's fixed sales flow, by the names it stores. */
const STAGE_KEYS: Record<string, string> = {
  "need identification": "needIdentification",
  "solution presentation": "solutionPresentation",
  "deal closing": "dealClosing",
};

/**
 * The reply when no AI provider is configured: deterministic, no model. In order: thanks for images;
 * the contact details just given (and what is still missing); otherwise what the opening hours say
 * (when they matter: closed, or asked about), the best knowledge passage with its source, or, to a
 * question nothing answers, an honest "I don't know" asking for a way to call back; then the next
 * step of the sales flow. It never greets: the chat opened with the
 * client's greeting before the visitor wrote (app/assistant/greeting.ts).
 */
export function builtInReply(turn: BuiltInTurn): string {
  const { t } = turn;
  const parts: string[] = [];
  if (turn.imageCount > 0) parts.push(t("imagesReceived", { count: turn.imageCount }));

  const contactPart = contactReply(turn);
  if (contactPart) {
    // With both details given while the business is closed, the hours notice already names the call back and when.
    parts.push(hasNameAndPhone(turn.details) && turn.hoursNotice ? turn.hoursNotice : contactPart);
    return parts.join("\n\n");
  }

  if (turn.deliverable === "payment_confirmed") parts.push(t("paymentConfirmed"));
  if (turn.hoursNotice) parts.push(turn.hoursNotice);
  const [best] = turn.passages;
  if (best) {
    parts.push(
      t("passage", { content: best.content }) + (best.sourceUrl ? `\n${t("source", { url: best.sourceUrl })}` : ""),
    );
  } else if (turn.hoursNotice) {
    // The hours were the answer, and the notice already asks for a way back when the business is closed.
    return parts.join("\n\n");
  } else if (answersNothing(turn)) {
    // The honest reply already asks for a way back to the visitor: no sales step after it.
    parts.push(hasNameAndPhone(turn.details) ? t("noAnswerWillCall", { phone: turn.details.phone }) : t("noAnswer"));
    return parts.join("\n\n");
  }

  const step = nextSalesStep(turn);
  if (step) parts.push(step);
  if (parts.length === 0) parts.push(t("howCanIHelp"));
  return parts.join("\n\n");
}

/**
 * Whether the reply is the honest "I don't know yet": the visitor asked something that no passage,
 * no opening hours and no contact details answer. Such a question is a knowledge gap.
 */
export function answersNothing(turn: BuiltInTurn): boolean {
  return (
    !contactReply(turn) &&
    turn.passages.length === 0 &&
    !turn.hoursNotice &&
    turn.asked &&
    turn.imageCount === 0 &&
    turn.deliverable !== "payment_confirmed"
  );
}

function contactReply({ t, knownDetails, details }: BuiltInTurn): string | undefined {
  const isNew = (field: "clientName" | "phone" | "email") =>
    details[field] !== undefined && details[field] !== knownDetails[field];
  if (!isNew("clientName") && !isNew("phone") && !isNew("email")) return undefined;
  if (hasNameAndPhone(details)) return t("contactComplete", { name: details.clientName, phone: details.phone });
  // An e-mail is a way back too: the team writes instead of calling.
  if (details.clientName && details.email)
    return t("contactCompleteByEmail", { name: details.clientName, email: details.email });
  if (details.clientName) return t("askPhone", { name: details.clientName });
  return t("askName");
}

/** What the solution stage offers, by the client's business type; any other type gets the general offer. */
const OFFER_BY_BUSINESS_TYPE: Record<string, string> = {
  restaurant: "restaurant",
  services: "services",
  realestate: "realestate",
  retail: "retail",
  marketing: "marketing",
  "party planning platform": "partyPlanning",
};

/**
 * The sales flow's next line, in the client's terms: the solution stage offers what its kind of
 * business offers (a table, an appointment, a viewing), and the closing asks for a way back as its
 * sales style says (a question, or straight out when the style is "aggressive"). Never a line about
 * Alex's own product: these replies speak for the client.
 */
function nextSalesStep({
  t,
  salesFlow,
  previousReplies,
  details,
  businessType,
  salesStyle,
}: BuiltInTurn): string | undefined {
  if (salesFlow.length === 0) return undefined;
  const stage = salesFlow[Math.min(previousReplies, salesFlow.length - 1)] ?? "";
  const key = STAGE_KEYS[stage.trim().toLowerCase()];
  if (!key) return undefined;
  // Once the visitor left a way to reach them, closing means the team calls; no need to ask again.
  if (key === "dealClosing" && hasNameAndPhone(details)) return undefined;
  if (key === "solutionPresentation")
    return t(`stages.solutionPresentation.${OFFER_BY_BUSINESS_TYPE[businessType] ?? "general"}`);
  if (key === "dealClosing") return t(`stages.dealClosing.${salesStyle === "aggressive" ? "direct" : "asking"}`);
  return t(`stages.${key}`);
}
