import type { FunctionClientDetails } from "#db/vocabulary.ts";

/**
 * What a visitor tells about themselves, read from their own words: an Israeli phone number in any
 * common writing, a name introduced as such, and for party planning the occasion, the number of
 * guests, the budget and the place. Deterministic: the built-in responder relies on it alone, and
 * the AI provider's tool calls only add to it.
 */
export type ContactDetails = FunctionClientDetails;

const PHONE_CANDIDATE = /(?<![\d+])\+?\(?\d[\d\s\-().]{6,17}\d(?!\d)/g;
const MOBILE_OR_VOIP = /^0[57]\d{8}$/;
const LANDLINE = /^0[2-489]\d{7}$/;

/** An Israeli phone number as the office writes it (050-1234567, 03-1234567), or undefined. */
export function normalisePhone(written: string): string | undefined {
  let digits = written.replace(/\D/g, "");
  if (digits.startsWith("00972")) digits = `0${digits.slice(5)}`;
  else if (digits.startsWith("972")) digits = `0${digits.slice(3)}`;
  if (MOBILE_OR_VOIP.test(digits)) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  if (LANDLINE.test(digits)) return `${digits.slice(0, 2)}-${digits.slice(2)}`;
  return undefined;
}

export function extractPhone(text: string): string | undefined {
  for (const [candidate] of text.matchAll(PHONE_CANDIDATE)) {
    // A run of digits and spaces may hold a number and its neighbours ("0501234567 80 guests"):
    // try the whole run, then every stretch of whole space-separated pieces, longest first.
    const pieces = candidate.split(/\s+/);
    for (let length = pieces.length; length > 0; length--) {
      for (let start = 0; start + length <= pieces.length; start++) {
        const phone = normalisePhone(pieces.slice(start, start + length).join(" "));
        if (phone) return phone;
      }
    }
  }
  return undefined;
}

const NAME_INTRODUCTIONS = [
  /(?:קוראים\s+לי|שמי\s+הוא|שמי|השם\s+שלי\s+הוא|השם\s+שלי|שם\s*:)\s*(.+)/u,
  /(?:my\s+name\s+is|my\s+name's|name\s*:|call\s+me)\s*(.+)/iu,
];
const NAME_WORD = /^\p{L}[\p{L}'׳’-]*$/u;
/** Words that end a name: what people say right after it ("...and my phone is", "והטלפון שלי"). */
const AFTER_NAME = new Set([
  "and",
  "my",
  "phone",
  "number",
  "mobile",
  "tel",
  "i",
  "i'm",
  "from",
  "is",
  "here",
  "please",
  "call",
  "at",
  "the",
  "טלפון",
  "הטלפון",
  "מספר",
  "המספר",
  "נייד",
  "הנייד",
  "פלאפון",
  "שלי",
  "אני",
  "ואני",
  "רוצה",
  "מ",
  "גר",
  "גרה",
  "מחפש",
  "מחפשת",
  "צריך",
  "צריכה",
  "אשמח",
  "תודה",
  "בבקשה",
  "טל",
]);
const MAX_NAME_WORDS = 3;

function isAfterName(word: string) {
  const lower = word.toLowerCase();
  if (AFTER_NAME.has(lower)) return true;
  // "והטלפון", "ומספר": the same words joined by "and".
  return lower.startsWith("ו") && AFTER_NAME.has(lower.slice(1));
}

/** A name the visitor introduces ("קוראים לי דנה לוי", "my name is Dana"), or undefined. */
export function extractName(text: string): string | undefined {
  for (const introduction of NAME_INTRODUCTIONS) {
    const rest = introduction.exec(text)?.[1];
    if (!rest) continue;
    const words: string[] = [];
    for (const raw of rest.split(/\s+/)) {
      const word = raw.replace(/[.,!?;:)"]+$/u, "");
      if (!NAME_WORD.test(word) || isAfterName(word)) break;
      words.push(word);
      if (words.length === MAX_NAME_WORDS || word !== raw) break;
    }
    if (words.length > 0) return words.join(" ");
  }
  return undefined;
}

const PARTY_TYPES: readonly (readonly [RegExp, string])[] = [
  [/בר[\s-]?מצו(?:ו)?ה/u, "בר מצווה"],
  [/בת[\s-]?מצו(?:ו)?ה/u, "בת מצווה"],
  [/חתונה/u, "חתונה"],
  [/יום[\s-]הולדת/u, "יום הולדת"],
  [/בריתה/u, "בריתה"],
  [/ברית(?!ה)/u, "ברית"],
  [/אירוסין/u, "אירוסין"],
  [/אירוע\s+חברה/u, "אירוע חברה"],
  [/\bbar[\s-]mitzvah\b/i, "bar mitzvah"],
  [/\bbat[\s-]mitzvah\b/i, "bat mitzvah"],
  [/\bwedding\b/i, "wedding"],
  [/\bbirthday\b/i, "birthday party"],
  [/\bengagement\b/i, "engagement"],
  [/\b(?:company|corporate)\s+(?:event|party)\b/i, "company event"],
];

const LOCATIONS: readonly (readonly [RegExp, string])[] = [
  [/תל[\s-]אביב/u, "תל אביב"],
  [/ירושלים/u, "ירושלים"],
  [/חיפה/u, "חיפה"],
  [/רעננה/u, "רעננה"],
  [/מודיעין/u, "מודיעין"],
  [/הרצליה/u, "הרצליה"],
  [/ראשון\s+לציון/u, "ראשון לציון"],
  [/פתח\s+תקו(?:ו)?ה/u, "פתח תקווה"],
  [/באר\s+שבע/u, "באר שבע"],
  [/נתניה/u, "נתניה"],
  [/כפר\s+סבא/u, "כפר סבא"],
  [/רמת\s+גן/u, "רמת גן"],
  [/אילת/u, "אילת"],
  [/\btel[\s-]aviv\b/i, "Tel Aviv"],
  [/\bjerusalem\b/i, "Jerusalem"],
  [/\bhaifa\b/i, "Haifa"],
  [/\bra['’]?anana\b/i, "Ra'anana"],
  [/\bmodi['’]?in\b/i, "Modi'in"],
  [/\bherzliya\b/i, "Herzliya"],
  [/\bnetanya\b/i, "Netanya"],
  [/\beilat\b/i, "Eilat"],
];

const GUESTS = /(\d{1,4})\s*(?:אורחים|מוזמנים|איש|אנשים|משתתפים|guests|people|persons|attendees)/iu;
const SHEKEL_BUDGET = /(?:₪\s*(\d[\d,]*)|(\d[\d,]*)\s*(?:₪|ש["״]ח|שקלים|שקל|nis\b|ils\b))/iu;
const DOLLAR_BUDGET = /(?:\$\s*(\d[\d,]*)|(\d[\d,]*)\s*(?:\$|usd\b|dollars\b|דולר))/iu;
const THOUSANDS = /(\d+)\s*(?:אלף|k\b)/iu;

function firstMatch(text: string, table: readonly (readonly [RegExp, string])[]) {
  return table.find(([pattern]) => pattern.test(text))?.[1];
}

function formatAmount(digits: string) {
  return Number(digits.replace(/,/g, "")).toLocaleString("en-US");
}

function extractBudget(text: string): string | undefined {
  const shekels = SHEKEL_BUDGET.exec(text);
  if (shekels) return `₪${formatAmount(shekels[1] ?? shekels[2] ?? "")}`;
  const dollars = DOLLAR_BUDGET.exec(text);
  if (dollars) return `$${formatAmount(dollars[1] ?? dollars[2] ?? "")}`;
  if (/תקציב|budget/iu.test(text)) {
    const thousands = THOUSANDS.exec(text);
    if (thousands) return `₪${formatAmount(String(Number(thousands[1]) * 1000))}`;
  }
  return undefined;
}

/** Everything one message says about its writer; fields it does not mention stay out. */
export function extractContactDetails(text: string): ContactDetails {
  const guests = GUESTS.exec(text)?.[1];
  const details: ContactDetails = {
    clientName: extractName(text),
    phone: extractPhone(text),
    partyType: firstMatch(text, PARTY_TYPES),
    guestCount: guests ? Number(guests) : undefined,
    budget: extractBudget(text),
    location: firstMatch(text, LOCATIONS),
  };
  return withoutEmpty(details);
}

/** Details known so far, updated by what was just said (a corrected phone replaces the old one). */
export function mergeContactDetails(known: ContactDetails, said: ContactDetails): ContactDetails {
  return withoutEmpty({ ...known, ...withoutEmpty(said) });
}

/** Whether a field is new or changed: only then does the turn count as collecting contact details. */
export function learnedSomethingNew(known: ContactDetails, merged: ContactDetails): boolean {
  return (["clientName", "phone"] as const).some(
    (field) => merged[field] !== undefined && merged[field] !== known[field],
  );
}

export const hasNameAndPhone = (
  details: ContactDetails,
): details is ContactDetails & { clientName: string; phone: string } => Boolean(details.clientName && details.phone);

function withoutEmpty(details: ContactDetails): ContactDetails {
  return Object.fromEntries(
    Object.entries(details).filter(([, value]) => value !== undefined && value !== "" && !Number.isNaN(value)),
  ) as ContactDetails;
}
