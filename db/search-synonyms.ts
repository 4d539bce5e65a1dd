/**
 * The words visitors use for the topics small businesses are asked about most, in Hebrew and
 * English. A question's word from a group also searches for every other word of its group, so
 * "Do you deliver?" finds a passage titled "משלוחים" and "מה שעות הפתיחה?" finds "Friday: open until
 * 14:00". Only the question is widened: the stored search text stays as it was, so nothing needs
 * re-indexing when a group changes.
 *
 * Single words only, written as people write them (plural and prefixed forms meet through
 * db/search-text.ts; a Hebrew word here is matched as written, so "לחנות" (to park) never makes "חנות"
 * (a shop) a parking question). A word belongs to one group; ambiguous words ("שלם": pay, or whole)
 * are left out rather than sending a question to the wrong passage.
 */
export const TOPIC_SYNONYMS: readonly (readonly string[])[] = [
  // opening hours
  [
    "hours",
    "open",
    "opening",
    "opens",
    "close",
    "closes",
    "closing",
    "closed",
    "שעות",
    "פתוח",
    "פתוחה",
    "פתוחים",
    "פתיחה",
    "נפתח",
    "נפתחים",
    "סגור",
    "סגורים",
    "סגירה",
    "נסגר",
    "נסגרים",
  ],
  // delivery
  [
    "deliver",
    "delivers",
    "delivery",
    "deliveries",
    "shipping",
    "ship",
    "ships",
    "courier",
    "משלוח",
    "משלוחים",
    "שליח",
    "שליחים",
    "שולחים",
  ],
  // price
  [
    "price",
    "prices",
    "pricing",
    "cost",
    "costs",
    "fee",
    "fees",
    "charge",
    "expensive",
    // What a subscription costs is what is asked of it: "How much is the subscription?"
    "subscription",
    "subscriptions",
    "מחיר",
    "מחירים",
    "מחירון",
    "עולה",
    "עלות",
    "עולים",
    "תמחור",
    "תעריף",
    "יקר",
  ],
  // location
  [
    "address",
    "location",
    "located",
    "directions",
    "street",
    "כתובת",
    "מיקום",
    "נמצא",
    "נמצאת",
    "נמצאים",
    "ממוקמים",
    "רחוב",
    "הגעה",
    "להגיע",
  ],
  // contact
  ["contact", "phone", "call", "email", "whatsapp", "טלפון", "נייד", "מייל", "קשר", "התקשר", "להתקשר", "וואטסאפ"],
  // parking
  ["parking", "park", "חניה", "חנייה", "חניון", "חניות", "חונים", "לחנות"],
  // kosher
  ["kosher", "kashrut", "rabbinate", "כשר", "כשרה", "כשרות", "השגחה", "רבנות", "מהדרין"],
  // booking
  ["book", "booking", "reserve", "reservation", "appointment", "הזמנה", "הזמנת", "להזמין", "לשריין", "תור", "תורים"],
  // payment
  ["pay", "payment", "payments", "credit", "cash", "תשלום", "תשלומים", "לשלם", "אשראי", "מזומן"],
  // discounts
  ["discount", "discounts", "sale", "deal", "deals", "coupon", "הנחה", "הנחות", "מבצע", "מבצעים", "קופון"],
  // returns
  ["return", "returns", "refund", "exchange", "החזרה", "החזרות", "החלפה", "החלפות", "זיכוי"],
  // warranty
  ["warranty", "guarantee", "אחריות"],
  // accessibility
  ["accessible", "accessibility", "wheelchair", "נגישות", "נגיש", "נגישה"],
  // jobs
  ["job", "jobs", "hiring", "career", "careers", "משרה", "משרות", "דרושים"],
  // food and events
  ["gluten", "גלוטן"],
  ["vegan", "טבעוני", "טבעונית", "טבעוניות"],
  ["cake", "cakes", "עוגה", "עוגות", "עוגת"],
  ["birthday", "birthdays", "הולדת"],
  ["workshop", "workshops", "סדנה", "סדנת", "סדנאות"],
  // where a service business goes: "Do you come to Holon?" finds "Service area"
  ["area", "areas", "cover", "covers", "serve", "serves", "come", "region", "neighborhood", "אזור", "אזורים", "אזורי"],
  // emergencies, and the words people write in one
  [
    "emergency",
    "emergencies",
    "urgent",
    "flood",
    "flooding",
    "burst",
    "pain",
    "painful",
    "hurts",
    "חירום",
    "דחוף",
    "דחופה",
    "הצפה",
    "נזילה",
    "כאב",
    "כואב",
    "כואבת",
    "כאבים",
  ],
  // a price quote
  ["quote", "quotes", "quotation", "estimate", "estimates", "הצעת", "הערכת"],
  [
    "photo",
    "photos",
    "photograph",
    "photographs",
    "photographer",
    "photographers",
    "photography",
    "צילום",
    "צילומים",
    "צלם",
    "צלמים",
    "צלמת",
  ],
  // how far ahead: "How early should I book?" finds "Planning timeline"
  ["early", "ahead", "advance", "timeline", "beforehand", "מראש", "מוקדם"],
  // health funds and insurance: "אתם עובדים עם מכבי?" finds "קופות חולים וביטוחים"
  ["insurance", "insured", "ביטוח", "ביטוחים", "מכבי", "מאוחדת"],
  ["allergy", "allergies", "allergic", "allergen", "allergens", "אלרגיה", "אלרגיות", "אלרגי", "אלרגנים"],
  // days the week ends on, asked about most
  ["friday", "שישי"],
  ["saturday", "shabbat", "שבת"],
];
