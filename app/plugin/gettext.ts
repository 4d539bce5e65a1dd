/**
 * The plugin's translations in WordPress's own format (gettext): the `.pot` template, and for
 * Hebrew the `.po` source and the compiled `.mo` that WordPress 6.1 loads. The English strings
 * live in the PHP files (`__( '...', 'alex-ai-assistant' )`); the Hebrew ones in HEBREW below.
 */
export const TEXT_DOMAIN = "alex-ai-assistant";

/** Every translatable string of the PHP files, in order of appearance, without repeats. */
export function extractMessages(phpSources: string[]): string[] {
  const call = new RegExp(
    `\\b(?:__|_e|esc_html__|esc_html_e|esc_attr__|esc_attr_e)\\(\\s*'((?:[^'\\\\]|\\\\.)*)'\\s*,\\s*'${TEXT_DOMAIN}'\\s*\\)`,
    "g",
  );
  const found = new Set<string>();
  for (const source of phpSources) {
    for (const match of source.matchAll(call)) found.add(match[1]!.replace(/\\(['\\])/g, "$1"));
  }
  return [...found];
}

/** The plugin header fields WordPress translates with the text domain. */
export function headerMessages(mainPhp: string): string[] {
  return ["Plugin Name", "Description"].flatMap((field) => {
    const value = new RegExp(`^ \\* ${field}:\\s*(.+)$`, "m").exec(mainPhp)?.[1]?.trim();
    return value ? [value] : [];
  });
}

const poString = (value: string) =>
  `"${value.replace(/\\/g, "\\\\").replace(/"/g, '\\"').replace(/\n/g, "\\n").replace(/\t/g, "\\t")}"`;

function poHeader(language: string | null, version: string) {
  return [
    `Project-Id-Version: Alex AI Assistant ${version}`,
    "MIME-Version: 1.0",
    "Content-Type: text/plain; charset=UTF-8",
    "Content-Transfer-Encoding: 8bit",
    ...(language ? [`Language: ${language}`, "Plural-Forms: nplurals=2; plural=(n != 1);"] : []),
    `X-Domain: ${TEXT_DOMAIN}`,
  ]
    .map((line) => `${line}\n`)
    .join("");
}

/** A `.po` file; with no translations it is the `.pot` template (empty msgstr everywhere). */
export function buildPo(
  messages: string[],
  version: string,
  translation?: { language: string; strings: Record<string, string> },
): string {
  const entries = [
    `msgid ""\nmsgstr ${poString(poHeader(translation?.language ?? null, version))}\n`,
    ...messages.map(
      (message) => `msgid ${poString(message)}\nmsgstr ${poString(translation?.strings[message] ?? "")}\n`,
    ),
  ];
  return entries.join("\n");
}

/**
 * A GNU `.mo` file (little-endian): a header, the tables of original and translated strings
 * (length and offset each, sorted by original as the format requires), then the strings.
 */
export function buildMo(strings: Record<string, string>, language: string, version: string): Uint8Array {
  const encoder = new TextEncoder();
  const pairs = [["", poHeader(language, version)] as const, ...Object.entries(strings)]
    .map(([original, translated]) => [encoder.encode(original), encoder.encode(translated)] as const)
    .sort(([a], [b]) => compareBytes(a, b));
  const count = pairs.length;
  const headerSize = 28;
  const originalsTable = headerSize;
  const translationsTable = originalsTable + count * 8;
  let offset = translationsTable + count * 8;
  const size = offset + pairs.reduce((sum, [original, translated]) => sum + original.length + translated.length + 2, 0);
  const bytes = new Uint8Array(size);
  const view = new DataView(bytes.buffer);
  view.setUint32(0, 0x950412de, true);
  view.setUint32(4, 0, true);
  view.setUint32(8, count, true);
  view.setUint32(12, originalsTable, true);
  view.setUint32(16, translationsTable, true);
  view.setUint32(20, 0, true); // no hash table
  view.setUint32(24, offset, true);
  const place = (table: number, index: number, value: Uint8Array) => {
    view.setUint32(table + index * 8, value.length, true);
    view.setUint32(table + index * 8 + 4, offset, true);
    bytes.set(value, offset);
    offset += value.length + 1; // NUL-terminated
  };
  pairs.forEach(([original], index) => place(originalsTable, index, original));
  pairs.forEach(([, translated], index) => place(translationsTable, index, translated));
  return bytes;
}

function compareBytes(a: Uint8Array, b: Uint8Array) {
  for (let index = 0; index < Math.min(a.length, b.length); index++) {
    if (a[index] !== b[index]) return a[index]! - b[index]!;
  }
  return a.length - b.length;
}

/** Reads a `.mo` file back (for the tests): original to translation. */
export function readMo(bytes: Uint8Array): Map<string, string> {
  const view = new DataView(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (view.getUint32(0, true) !== 0x950412de) throw new Error("not a little-endian .mo file");
  const count = view.getUint32(8, true);
  const decoder = new TextDecoder();
  const stringAt = (table: number, index: number) => {
    const length = view.getUint32(table + index * 8, true);
    const offset = view.getUint32(table + index * 8 + 4, true);
    return decoder.decode(bytes.subarray(offset, offset + length));
  };
  const entries = new Map<string, string>();
  for (let index = 0; index < count; index++) {
    entries.set(stringAt(view.getUint32(12, true), index), stringAt(view.getUint32(16, true), index));
  }
  return entries;
}

/** The Hebrew translation of every string in the plugin (gettext.test.ts checks none is missing). */
export const HEBREW: Record<string, string> = {
  "Alex AI Assistant": "Alex – עוזר AI",
  "Adds Alex, your AI employee, to your site: a chat button that answers your visitors around the clock.":
    "מוסיף לאתר את Alex, עובד ה־AI שלכם: כפתור צ׳אט שעונה למבקרים מסביב לשעון.",
  "Open the chat with Alex": "פתיחת הצ׳אט עם Alex",
  "Close the chat": "סגירת הצ׳אט",
  "Chat with Alex": "צ׳אט עם Alex",
  "Connecting to Alex…": "מתחברים ל־Alex…",
  "The chat could not load. Please try again in a moment.": "לא הצלחנו לטעון את הצ׳אט. נסו שוב בעוד רגע.",
  "Try again": "לנסות שוב",
  Settings: "הגדרות",
  Connection: "חיבור",
  "License key": "מפתח רישיון",
  "Server address": "כתובת השרת",
  "The license key is not valid: it was not changed.": "מפתח הרישיון אינו תקין: הוא לא שונה.",
  "The server address must start with http:// or https://: it was not changed.":
    "כתובת השרת חייבת להתחיל ב־http:// או ב־https://: היא לא שונתה.",
  "Alex filled these in for your business. Change them only if the Alex team asks you to.":
    "Alex מילא את הפרטים האלה עבור העסק שלכם. שנו אותם רק אם צוות Alex ביקש זאת.",
  "The address of the Alex server the chat comes from.": "כתובת שרת Alex שממנו מגיע הצ׳אט.",
  "You are not allowed to change these settings.": "אין לכם הרשאה לשנות את ההגדרות האלה.",
  "Alex adds a chat button to every page of your site. Visitors click it to talk to your AI employee.":
    "Alex מוסיף כפתור צ׳אט לכל עמוד באתר. המבקרים לוחצים עליו כדי לדבר עם עובד ה־AI שלכם.",
  "Chat button": "כפתור הצ׳אט",
  "Distance from the bottom": "מרחק מתחתית המסך",
  "The distance must be a whole number of pixels from 0 to %d: it was not changed.":
    "המרחק חייב להיות מספר שלם של פיקסלים בין 0 ל־%d: הוא לא שונה.",
  pixels: "פיקסלים",
  "Raise the chat button when it covers your site's own bottom bar or text on phones.":
    "אפשר להגביה את כפתור הצ׳אט אם הוא מכסה את הסרגל התחתון של האתר או טקסט בטלפונים.",
  "Save settings": "שמירת ההגדרות",
  "Only the Alex server may read the listings.": "רק שרת Alex רשאי לקרוא את המודעות.",
  "This site (%s) is registered with Alex: the chat opens here.": "האתר הזה (%s) רשום ב־Alex: הצ׳אט נפתח בו.",
  "This site (%s) is not registered for your license: the chat will not open here, and its button is hidden. Ask the Alex team to add it to your list of sites.":
    "האתר הזה (%s) אינו רשום ברישיון שלכם: הצ׳אט לא ייפתח בו, וכפתור הצ׳אט מוסתר. בקשו מצוות Alex להוסיף אותו לרשימת האתרים שלכם.",
  "The Alex server does not know this license key: check it below.":
    "שרת Alex אינו מכיר את מפתח הרישיון הזה: בדקו אותו למטה.",
  "Your Alex service is not active at the moment: the chat is unavailable. Contact the Alex team.":
    "שירות Alex שלכם אינו פעיל כרגע: הצ׳אט אינו זמין. פנו לצוות Alex.",
  "The Alex server could not be reached for this plugin's details. Please try again in a few minutes.":
    "לא ניתן היה להגיע לשרת Alex כדי להציג את פרטי התוסף. נסו שוב בעוד כמה דקות.",
  "The Alex server could not be reached to check this site. Check the server address below.":
    "לא ניתן היה להגיע לשרת Alex כדי לבדוק את האתר הזה. בדקו את כתובת השרת למטה.",
};
