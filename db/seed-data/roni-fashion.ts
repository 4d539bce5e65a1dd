import type { DemoClient } from "../seed-content.ts";

export const roniFashion: DemoClient = {
  businessName: "אופנת רוני",
  ownerEmail: "roni@roni-fashion.example",
  contactEmail: "shop@roni-fashion.example",
  websiteDomain: "roni-fashion.example",
  businessType: "retail",
  plan: "basic",
  status: "suspended",
  onboardingPaid: true,
  joined: { daysAgo: 152 },
  statusHistory: [{ from: "active", to: "suspended", daysAgo: 12 }],
  hasOverdueBill: true,
  traffic: 1.5,
  training: {
    greeting: "היי! ברוכה הבאה לאופנת רוני. מחפשת משהו מיוחד?",
    tone: "energetic",
    businessInfo:
      "בוטיק אופנת נשים בחיפה ובאתר: שמלות, חולצות ואקססוריז. משלוח חינם מעל 300 ₪, החלפה והחזרה תוך 14 יום.",
    faq: [
      { q: "כמה זמן לוקח משלוח?", a: "3–5 ימי עסקים, חינם מעל 300 ₪." },
      {
        q: "מה מדיניות ההחזרות?",
        a: "אפשר להחזיר או להחליף פריט תוך 14 יום עם התווית ופתק החלפה, בחנות או במשלוח חוזר.",
      },
    ],
  },
  sales: {
    pricing: "שמלות 199–449 ₪, חולצות 89–189 ₪. משלוח 25 ₪, חינם מעל 300 ₪.",
    salesStyle: "aggressive",
    websitePaths: ["/", "/new", "/sale", "/shipping"],
    customSystemPrompt: "את הסטייליסטית של אופנת רוני. המליצי על פריטים לפי אירוע ותקציב והציעי לשמור מידה.",
    customInstructions: "",
    capabilities: { sales: "", retention: "ללקוחה שחוזרת הציעי קוד הנחה של 10%.", b2c: "", public: "", payment: "" },
  },
  knowledge: [
    {
      topic: "משלוחים",
      path: "/shipping",
      content: "משלוח עד הבית תוך 3–5 ימי עסקים ב־25 ₪, חינם בהזמנה מעל 300 ₪. איסוף עצמי מהחנות בחיפה ללא עלות.",
      origin: "scan",
    },
    {
      topic: "קולקציית קיץ",
      path: "/new",
      content: "שמלות מידי מסאטן, חולצות פשתן בלבן ובשחור, וצעיפי משי. מידות XS עד XL.",
      origin: "scan",
    },
  ],
  conversations: {
    he: {
      openings: [
        [
          "יש לכם את השמלה הכחולה במידה M?",
          "היי! השמלה הכחולה מהקולקציה החדשה זמינה במידה M. לשמור לך אותה או לשלוח אלייך הביתה?",
        ],
        ["מה מדיניות ההחזרות?", "אפשר להחזיר או להחליף תוך 14 יום עם התווית. החזרה בחנות או במשלוח חוזר ב־25 ₪."],
        ["כמה זמן לוקח משלוח?", "משלוח עד הבית לוקח 3–5 ימי עסקים, וחינם בהזמנה מעל 300 ₪."],
      ],
      followUps: {
        images_received: [
          [
            "שלחתי תמונה של חולצה שראיתי אצלכם באינסטגרם",
            "קיבלתי, תודה! זו חולצת הפשתן מקולקציית הקיץ, יש אותה בלבן ובשחור. באיזו מידה?",
          ],
        ],
        solution: [
          [
            "אני צריכה בגד לחתונה בתקציב של 400 ₪",
            "לחתונה הייתי ממליצה על שמלת המידי מסאטן ב־349 ₪ עם צעיף משי ב־49 ₪, בדיוק בתקציב. לשלוח לך תמונות?",
          ],
        ],
        contact_collected: [
          ["{name}, {phone}", "תודה {name}! שמרתי את הפריט על שמך ונחזור אלייך למספר {phone} לתיאום איסוף."],
        ],
        payment_confirmed: [["ביצעתי תשלום באתר", "התשלום התקבל! ההזמנה בדרך אלייך, ומספר מעקב יישלח ב־SMS."]],
      },
    },
  },
};
