import type { FollowUpType, Language, Turn } from "../seed-content.ts";

/** What any business's visitors may say; {business} is the client's name. */
export const GENERIC_FOLLOW_UPS: Record<Language, Record<FollowUpType, readonly Turn[]>> = {
  he: {
    general: [
      ["תודה רבה!", "בשמחה! אם יש עוד שאלה, אני כאן."],
      ["אפשר לדבר עם נציג אנושי?", "בטח. השאירו שם וטלפון ונציג מ{business} יחזור אליכם בהקדם."],
      ["מה הכתובת שלכם?", 'כל הפרטים, כולל כתובת ושעות פעילות, מופיעים בעמוד "צור קשר" באתר. לשלוח לכם קישור?'],
    ],
    article: [
      [
        "תוכל לכתוב פוסט קצר על העסק לפייסבוק?",
        'הנה הצעה: "ב{business} שירות טוב מתחיל בהקשבה. ספרו לנו מה אתם צריכים, ואנחנו נדאג לכל השאר." ' +
          "להוסיף קריאה לפעולה?",
      ],
    ],
    article_approved: [["מאושר, אפשר לפרסם", "מעולה, הטקסט אושר ונשמר ומוכן לפרסום."]],
    solution: [
      [
        "מה הכי משתלם בשבילי?",
        "לפי מה שסיפרתם, הכי משתלם להתחיל בחבילה הבסיסית ולהרחיב לפי הצורך, כך שתשלמו רק על מה שאתם משתמשים בו.",
      ],
    ],
    contact_collected: [
      ["השם שלי {name} והטלפון {phone}", "תודה {name}! רשמתי את הפרטים ונחזור אליך למספר {phone} בהקדם."],
    ],
    payment_confirmed: [["ביצעתי את התשלום", "התשלום התקבל בהצלחה, תודה! אישור נשלח אליך במייל."]],
    images_received: [["שלחתי לכם כמה תמונות", "קיבלתי את התמונות, תודה! אעביר אותן לצוות ונחזור אליך עם תשובה."]],
  },
  en: {
    general: [
      ["Thanks a lot!", "You're welcome! I'm here if you have any other question."],
      [
        "Can I talk to a person?",
        "Of course. Leave your name and phone and someone from {business} will call you back soon.",
      ],
      ["Where are you located?", "Our address and opening hours are on the Contact page. Shall I send you the link?"],
    ],
    article: [
      [
        "Could you write a short Facebook post about you?",
        "Here's an idea: \"At {business}, great service starts with listening. Tell us what you need and we'll take " +
          'care of the rest." Shall I add a call to action?',
      ],
    ],
    article_approved: [["Approved, go ahead", "Great, the text is approved, saved and ready to publish."]],
    solution: [
      [
        "What's the best option for me?",
        "From what you've told me, start with the basic package and grow it as you need, so you only pay for what you use.",
      ],
    ],
    contact_collected: [
      [
        "My name is {name}, phone {phone}",
        "Thanks {name}! I've noted your details and we'll call you at {phone} soon.",
      ],
    ],
    payment_confirmed: [
      ["I've made the payment", "Payment received, thank you! A confirmation is on its way to your e-mail."],
    ],
    images_received: [
      ["I've sent you some photos", "Got the photos, thanks! I'll pass them to the team and get back to you."],
    ],
  },
};

export const VISITOR_NAMES: Record<Language, readonly string[]> = {
  he: [
    "דנה לוי",
    "יוסי כהן",
    "מיכל אברהם",
    "אורי מזרחי",
    "נועה פרץ",
    "איתי ביטון",
    "שירה גולן",
    "עומר דהן",
    "רותם שפירא",
    "אלון פרידמן",
  ],
  en: [
    "Sarah Cohen",
    "David Levi",
    "Rachel Green",
    "Michael Katz",
    "Emma Shapiro",
    "Noah Friedman",
    "Maya Klein",
    "Daniel Rosen",
  ],
};

export const PARTY_TYPES: Record<Language, readonly string[]> = {
  he: ["בר מצווה", "בת מצווה", "חתונה", "יום הולדת", "ברית", "אירוע חברה"],
  en: ["bar mitzvah", "bat mitzvah", "wedding", "birthday party", "brit milah", "company event"],
};

export const LOCATIONS: Record<Language, readonly string[]> = {
  he: ["תל אביב", "ירושלים", "חיפה", "רעננה", "מודיעין", "הרצליה"],
  en: ["Tel Aviv", "Jerusalem", "Haifa", "Ra'anana", "Modi'in", "Herzliya"],
};

export const USER_AGENTS: readonly string[] = [
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36",
  "Mozilla/5.0 (iPhone; CPU iPhone OS 17_5 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Mobile/15E148 Safari/604.1",
  "Mozilla/5.0 (Linux; Android 14; SM-S918B) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Mobile Safari/537.36",
  "Mozilla/5.0 (Macintosh; Intel Mac OS X 14_5) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.5 Safari/605.1.15",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64; rv:127.0) Gecko/20100101 Firefox/127.0",
  "Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/126.0.0.0 Safari/537.36 Edg/126.0.0.0",
];

/** Phone prefixes of Israel's mobile operators. */
export const PHONE_PREFIXES = ["050", "052", "053", "054", "058"] as const;

/** How many messages a session has, each count with its weight. */
export const MESSAGE_COUNT_WEIGHTS = [
  [1, 6],
  [2, 10],
  [3, 14],
  [4, 14],
  [5, 12],
  [6, 10],
  [7, 8],
  [8, 7],
  [9, 6],
  [10, 5],
  [11, 4],
  [12, 4],
] as const;

/** What a session's later messages are about, each type with its weight. */
export const FOLLOW_UP_WEIGHTS: readonly (readonly [FollowUpType, number])[] = [
  ["general", 38],
  ["solution", 16],
  ["article", 10],
  ["article_approved", 12],
  ["contact_collected", 12],
  ["payment_confirmed", 8],
  ["images_received", 2],
];
