import type { FunctionClientDetails } from "#db/vocabulary.ts";

/**
 * What a visitor tells about themselves, read from their own words: a phone number (Israeli in any
 * common writing, or international with its country code), an e-mail address, a name introduced as
 * such, and for party planning the occasion, the number of guests, the budget and the place. Deterministic: the built-in responder relies on it alone, and
 * the AI provider's tool calls only add to it.
 */
export type ContactDetails = FunctionClientDetails;

const PHONE_CANDIDATE = /(?<![\d+])\+?\(?\d[\d\s\-().]{6,17}\d(?!\d)/g;
const MOBILE_OR_VOIP = /^0[57]\d{8}$/;
const LANDLINE = /^0[2-489]\d{7}$/;

/** E.164: a country code (never 0) and the number, 8 to 15 digits in all. */
const E164_DIGITS = /^[1-9]\d{7,14}$/;

/**
 * A phone number as the office dials it, or undefined: an Israeli one as written at home
 * (050-1234567, 03-1234567), another country's in E.164 (+447700900123), which only a number
 * written with its "+" or "00" says.
 */
export function normalisePhone(written: string): string | undefined {
  // "+44 (0)20 …": the trunk zero in brackets is dialled at home only.
  let digits = written.replace(/\(0\)/g, "").replace(/\D/g, "");
  const international = /^\s*(?:\+|00)/.test(written);
  if (international && digits.startsWith("00")) digits = digits.slice(2);
  if (digits.startsWith("972")) digits = `0${digits.slice(3)}`;
  if (MOBILE_OR_VOIP.test(digits)) return `${digits.slice(0, 3)}-${digits.slice(3)}`;
  if (LANDLINE.test(digits)) return `${digits.slice(0, 2)}-${digits.slice(2)}`;
  if (international && E164_DIGITS.test(digits)) return `+${digits}`;
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

/** An e-mail address as people type it; stored in lower case so a repeated one is recognised. */
const EMAIL = /[\p{L}\p{N}._%+-]+@[\p{L}\p{N}-]+(?:\.[\p{L}\p{N}-]+)*\.\p{L}{2,}/u;
/** Longer than any real address (RFC 5321 allows 254): a longer "address" is not one. */
const EMAIL_MAX = 254;

export function extractEmail(text: string): string | undefined {
  const email = EMAIL.exec(text)?.[0].toLowerCase();
  return email && email.length <= EMAIL_MAX ? email : undefined;
}

/**
 * The ways people introduce themselves, each followed by the name. `capitalised`: the name must be
 * written with capitals (English "I'm tired" or "this is urgent" says no name); `withContact`: the
 * words introduce a name only in a message that also leaves a way back ("אני רוצה" is no name, "אני
 * דנה, 050…" is). Never "call me": "call me on +44…" once made the name "on".
 */
const NAME_INTRODUCTIONS: readonly { pattern: RegExp; capitalised?: boolean; withContact?: boolean }[] = [
  { pattern: /(?:קוראים\s+לי|שמי\s+הוא|שמי|השם\s+שלי\s+הוא|השם\s+שלי|שם\s*:)\s*(.+)/u },
  { pattern: /(?:my\s+name\s+is|my\s+name's|name\s*:)\s*(.+)/iu },
  { pattern: /\b(?:i['’]m|i\s+am|this\s+is)\s+(.+)/iu, capitalised: true },
  { pattern: /(?:^|[\s,.!?])אני\s+(.+)/u, withContact: true },
  // "Eve Walker here, …": a name the message opens with, as its writer's signature.
  { pattern: /^(?:(?:[Hh]i|[Hh]ello|[Hh]ey)[\s,!]+)?(\p{Lu}\p{Ll}+(?:\s+\p{Lu}[\p{L}'’-]+){0,2}\s+here\b)/u },
];
const NAME_WORD = /^\p{L}[\p{L}'׳’-]*$/u;
const CAPITALISED = /^(?:\p{Lu}|[\u05d0-\u05ea])/u;
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
  "on",
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
/**
 * What follows "אני" (I am) when it is no name: the words a visitor goes on with
 * ("אני מעוניינת", "אני לא", "זה דחוף"). A name is rarely one of them.
 */
const NOT_A_NAME = new Set([
  "לא",
  "כן",
  "גם",
  "רק",
  "כבר",
  "עדיין",
  "פה",
  "כאן",
  "שוב",
  "יכול",
  "יכולה",
  "מעוניין",
  "מעוניינת",
  "מתעניין",
  "מתעניינת",
  "רוצים",
  "מבקש",
  "מבקשת",
  "מתכנן",
  "מתכננת",
  "זקוק",
  "זקוקה",
  "חושב",
  "חושבת",
  "יודע",
  "יודעת",
  "שואל",
  "שואלת",
  "מתקשר",
  "מתקשרת",
  "פונה",
  "מנסה",
  "בא",
  "באה",
  "מגיע",
  "מגיעה",
  "אשלח",
  "אחכה",
  "זמין",
  "זמינה",
  "דחוף",
  "בסדר",
  "טוב",
  "המספר",
  "הטלפון",
  "המייל",
  "של",
  "עם",
  "על",
  "בן",
  "בת",
]);
const MAX_NAME_WORDS = 3;

function isAfterName(word: string) {
  const lower = word.toLowerCase();
  if (AFTER_NAME.has(lower)) return true;
  // "והטלפון", "ומספר": the same words joined by "and".
  return lower.startsWith("ו") && AFTER_NAME.has(lower.slice(1));
}

/**
 * A name the visitor introduces ("קוראים לי דנה לוי", "my name is Dana", "I'm Dan Miller", "אני דנה,
 * 050…"), or undefined. Only the words right after an introduction count: a name is never guessed
 * from where it sits next to a phone number.
 */
export function extractName(text: string): string | undefined {
  const leavesContact = extractPhone(text) !== undefined || extractEmail(text) !== undefined;
  for (const { pattern, capitalised, withContact } of NAME_INTRODUCTIONS) {
    if (withContact && !leavesContact) continue;
    const rest = pattern.exec(text)?.[1];
    if (!rest) continue;
    const words: string[] = [];
    for (const raw of rest.split(/\s+/)) {
      const word = raw.replace(/[.,!?;:)"]+$/u, "");
      if (!NAME_WORD.test(word) || isAfterName(word)) break;
      if (capitalised && !CAPITALISED.test(word)) break;
      if (words.length === 0 && withContact && NOT_A_NAME.has(word)) break;
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
    email: extractEmail(text),
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
  return (["clientName", "phone", "email"] as const).some(
    (field) => merged[field] !== undefined && merged[field] !== known[field],
  );
}

/** A way back to the visitor: the phone first, since the team calls, else the e-mail. */
export const reachableAt = (details: ContactDetails): string | undefined => details.phone ?? details.email;

export const hasNameAndPhone = (
  details: ContactDetails,
): details is ContactDetails & { clientName: string; phone: string } => Boolean(details.clientName && details.phone);

function withoutEmpty(details: ContactDetails): ContactDetails {
  return Object.fromEntries(
    Object.entries(details).filter(([, value]) => value !== undefined && value !== "" && !Number.isNaN(value)),
  ) as ContactDetails;
}
