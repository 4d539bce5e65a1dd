import type { DemoClient } from "../seed-content.ts";

export const bdikotPlus: DemoClient = {
  businessName: "בדיקות פלוס",
  ownerEmail: "avi@bdikot-plus.example",
  contactEmail: "sales@bdikot-plus.example",
  websiteDomain: "bdikot-plus.example",
  businessType: "qa",
  plan: "basic",
  status: "cancelled",
  onboardingPaid: true,
  joined: { daysAgo: 212 },
  statusHistory: [
    { from: "active", to: "suspended", daysAgo: 38 },
    { from: "suspended", to: "cancelled", daysAgo: 20 },
  ],
  traffic: 1,
  training: {
    greeting: "שלום, כאן בדיקות פלוס. איך נוכל לעזור באיכות התוכנה שלכם?",
    tone: "formal",
    businessInfo:
      "חברת בדיקות תוכנה: בדיקות ידניות ואוטומטיות ל־Web ולמובייל, בדיקות עומסים ובדיקות נגישות. " +
      "שעת בודק ידני מ־150 ₪, שעת אוטומציה מ־220 ₪.",
    faq: [
      { q: "אילו כלים אתם משתמשים?", a: "Playwright, Appium, k6 ו־JMeter." },
      { q: "יש ריטיינר?", a: "כן, לפרויקטים קבועים יש ריטיינר חודשי." },
      {
        q: "איך אתם עושים בדיקות רגרסיה?",
        a: "סט בדיקות אוטומטיות שרץ בכל גרסה ב־CI, ובנוסף סבב ידני קצר לפני שחרור. הקמה לוקחת כשבועיים.",
      },
    ],
  },
  sales: {
    pricing: "שעת בודק ידני מ־150 ₪, שעת אוטומציה מ־220 ₪, לפני מע״מ. ריטיינר חודשי לפרויקטים קבועים.",
    salesStyle: "consultative",
    websitePaths: ["/", "/services", "/pricing"],
    customSystemPrompt: "אתה יועץ האיכות של בדיקות פלוס. הבן את המוצר ואת תהליך השחרור, והצע שיחת אפיון.",
    customInstructions: "",
    capabilities: { support: "", sales: "", b2b: "", saas: "", api: "" },
  },
  knowledge: [
    {
      topic: "שירותים",
      path: "/services",
      content: "בדיקות ידניות ואוטומטיות לאפליקציות iOS, אנדרואיד ו־Web, בדיקות עומסים, אבטחה ונגישות.",
      origin: "scan",
    },
    {
      topic: "מחירון",
      path: "/pricing",
      content: "שעת בודק ידני מ־150 ₪ ושעת אוטומציה מ־220 ₪ לפני מע״מ. ריטיינר חודשי לפרויקטים קבועים.",
      origin: "scan",
    },
  ],
  conversations: {
    he: {
      openings: [
        [
          "אנחנו סטארט־אפ וצריכים בדיקות לאפליקציה",
          "שמחים לשמוע. אנחנו מבצעים בדיקות ידניות ואוטומטיות ל־iOS, לאנדרואיד ול־Web. " +
            "כמה מסכים יש באפליקציה ומתי אתם מתכננים לעלות לאוויר?",
        ],
        ["אתם עושים בדיקות עומסים?", "כן, עם k6 ו־JMeter, כולל דו״ח צווארי בקבוק והמלצות לשיפור."],
      ],
      followUps: {
        general: [["כמה עולה שעת בודק?", "שעת בודק ידני מ־150 ₪ ושעת אוטומציה מ־220 ₪, לפני מע״מ."]],
        solution: [
          [
            "יש לנו הרבה באגים אחרי כל גרסה",
            "זה סימן לחוסר בבדיקות רגרסיה. אנחנו ממליצים על סט בדיקות אוטומטיות שרץ בכל גרסה ב־CI, " +
              "ועוד סבב ידני קצר לפני שחרור. ההקמה לוקחת כשבועיים.",
          ],
        ],
      },
    },
  },
};
