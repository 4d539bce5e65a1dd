/**
 * A reply as pieces that read right in a right-to-left bubble: web addresses become links, and runs
 * that must read left to right whatever surrounds them (phone numbers, prices, e-mail addresses) are
 * marked for isolation. In a Hebrew paragraph the Unicode bidi algorithm would otherwise move an
 * address's trailing slash to its front, print "050 123 4567" as "4567 123 050" and a "+972" with its
 * plus at the end. A number also stays on one line: a narrow bubble would otherwise break a phone
 * number at its hyphen. Pure and dependency-free: the widget's script, the demo chat and the training
 * page's preview all render with it, each without ever parsing the text as HTML.
 */
export type ReplyPiece =
  | { kind: "text"; text: string }
  | { kind: "link"; text: string; href: string }
  | { kind: "ltr"; text: string }
  | { kind: "number"; text: string };

/** Attributes every link in a reply carries: a new tab, no access back to the chat, no endorsement. */
export const REPLY_LINK_REL = "noopener nofollow";
export const REPLY_LINK_TARGET = "_blank";

const ADDRESS = String.raw`https?:\/\/[^\s<>"'\u0590-\u05FF]+`;
const EMAIL = String.raw`[A-Za-z0-9._%+-]+@[A-Za-z0-9-]+(?:\.[A-Za-z0-9-]+)+`;
const CURRENCY = "$₪€£";
/**
 * Digits in groups joined by one separator (03-123-4567, (03) 123 4567, 1,200.50, 14:00), with an
 * optional leading plus or currency sign and a trailing currency or percent sign.
 */
const GROUP = String.raw`(?:\(\d+\)|\d+)`;
const NUMBER = String.raw`(?:\+|[${CURRENCY}]\s?)?${GROUP}(?:[ \-.,/:]${GROUP})*(?:\s?[${CURRENCY}%])?`;
const PIECES = new RegExp(`(${ADDRESS})|(${EMAIL})|(${NUMBER})`, "g");

/** Punctuation that ends a sentence rather than the address it follows. */
const TRAILING = /[.,;:!?'"״׳)\]}]+$/;

/** An address as typed in a sentence, without the punctuation after it (a closing bracket stays if it has its opener). */
function trimAddress(candidate: string) {
  let address = candidate.replace(TRAILING, "");
  const rest = candidate.slice(address.length);
  for (const char of rest) {
    const opener = char === ")" ? "(" : char === "]" ? "[" : char === "}" ? "{" : null;
    if (!opener) break;
    const opened = address.split(opener).length - 1;
    const closed = address.split(char).length - 1;
    if (opened <= closed) break;
    address += char;
  }
  return address;
}

/** Only http and https addresses that parse become links; anything else stays text. */
function linkTarget(address: string) {
  try {
    const url = new URL(address);
    return url.protocol === "http:" || url.protocol === "https:" ? url.href : null;
  } catch {
    return null;
  }
}

/** Plain digits (bracketed or not) read the same either way; a run with a separator, a sign or a currency does not. */
const needsIsolation = (run: string) => /\D/.test(run.replace(/^\((\d+)\)$/, "$1"));

export function replyPieces(text: string): ReplyPiece[] {
  const pieces: ReplyPiece[] = [];
  const pushText = (value: string) => {
    if (!value) return;
    const last = pieces.at(-1);
    if (last?.kind === "text") last.text += value;
    else pieces.push({ kind: "text", text: value });
  };
  let position = 0;
  for (const match of text.matchAll(PIECES)) {
    const [whole, address, email, number] = match;
    const start = match.index;
    let piece: ReplyPiece | null = null;
    let length = whole.length;
    if (address) {
      const trimmed = trimAddress(address);
      const href = linkTarget(trimmed);
      length = trimmed.length;
      if (href) piece = { kind: "link", text: trimmed, href };
    } else if (email) {
      piece = { kind: "ltr", text: email };
    } else if (number) {
      if (needsIsolation(number)) piece = { kind: "number", text: number };
    }
    if (!piece) continue;
    pushText(text.slice(position, start));
    pieces.push(piece);
    position = start + length;
  }
  pushText(text.slice(position));
  return pieces;
}
