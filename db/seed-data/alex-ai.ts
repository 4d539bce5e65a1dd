import type { DemoClient } from "../seed-content.ts";

export const alexAi: DemoClient = {
  businessName: "Alex AI",
  ownerEmail: "owner@alex-ai.example",
  contactEmail: "hello@alex-ai.example",
  websiteDomain: "alex-ai.example",
  businessType: "services",
  plan: "enterprise",
  status: "active",
  onboardingPaid: true,
  isProvider: true,
  joined: { daysAgo: 362 },
  traffic: 3,
  training: {
    greeting: "שלום! אני Alex, העוזר הדיגיטלי שעונה ללקוחות שלכם 24/7. איך אפשר לעזור?",
    tone: "friendly_professional",
    businessInfo:
      "Alex AI הוא עוזר צ׳אט מבוסס בינה מלאכותית לעסקים קטנים בישראל. מתקינים תוסף וורדפרס אחד בתוך 5 דקות, " +
      "והעוזר עונה ללקוחות, מזהה צרכים, אוסף פרטי קשר ועוזר לסגור עסקאות. " +
      "מחיר: $50 לחודש ועוד $1 לכל שיחה, מאמר או פתרון. ההתקנה חינם. המחירים אינם כוללים מע״מ.",
    faq: [
      { q: "כמה זה עולה?", a: "$50 לחודש ועוד $1 לכל שיחה, מאמר או פתרון. ההתקנה חינם." },
      { q: "כמה זמן לוקחת ההתקנה?", a: "כ־5 דקות: מורידים את התוסף, מעלים לוורדפרס ומפעילים." },
      {
        q: "האם Alex עונה בעברית?",
        a: "כן. Alex עונה בשפה שבה המבקר כותב: עברית, אנגלית, ערבית, רוסית ועוד, וחלון הצ׳אט תומך בכתיבה מימין לשמאל.",
      },
      { q: "צריך מתכנת?", a: "לא. כל מי שיודע להתקין תוסף בוורדפרס יכול להתקין את Alex." },
      {
        q: "מה Alex יודע לעשות?",
        a:
          "Alex עונה על שאלות לקוחות מסביב לשעון, מזהה מה הלקוח צריך, מציג את הפתרון המתאים, אוסף שם וטלפון, " +
          "כותב מאמרים לבלוג ומסמן עסקאות שנסגרו. כל שיחה מתועדת בלוח הבקרה.",
      },
      {
        q: "השיחות מאובטחות?",
        a: "כל מפתח רישיון אקראי וייחודי לעסק. השיחות נשמרות בשרתים מאובטחים, והצ׳אט נטען רק באתר של בעל הרישיון.",
      },
    ],
  },
  sales: {
    pricing:
      "$50 לחודש (כ־180 ₪) ועוד $1 לכל שיחה, מאמר או פתרון (כ־3.6 ₪). התקנה חינם (במקום $200). " +
      "לדוגמה: 100 שיחות בחודש = $150. המחירים אינם כוללים מע״מ.",
    salesStyle: "consultative",
    websitePaths: ["/", "/pricing", "/plugin"],
    customSystemPrompt:
      "אתה Alex, נציג המכירות של Alex AI. ענה בעברית, בקצרה ובחום. הסבר את התמחור בשקיפות, " +
      "הדגש שההתקנה חינם ולוקחת 5 דקות, ובקש שם וטלפון כדי לתאם הדגמה.",
    customInstructions: "אל תבטיח הנחות. אם שואלים על מחיר בשקלים, ציין שהמחיר בדולרים ואינו כולל מע״מ.",
    capabilities: {
      support: "ענה על שאלות התקנה ושימוש בתוסף צעד אחר צעד.",
      sales: "זהה את סוג העסק, הצג את Alex כפתרון והצע הדגמה.",
      retention: "ללקוח שרוצה לבטל: שאל מה חסר לו והצע שיחה עם נציג.",
      functions: "כשהלקוח נותן שם וטלפון, סמן היכרות עם לקוח כהושלמה.",
      b2b: "",
      public: "",
      saas: "",
      payment: "שלח קישור תשלום רק אחרי שהלקוח אישר את התמחור.",
    },
  },
  knowledge: [
    {
      topic: "תמחור",
      path: "/pricing",
      content:
        "המנוי עולה $50 לחודש, ובנוסף $1 לכל שיחה, מאמר או פתרון. ההתקנה חינם (במקום $200). " +
        "עסק עם 100 שיחות בחודש ישלם $150. המחירים אינם כוללים מע״מ ואין התחייבות.",
      origin: "scan",
    },
    {
      topic: "התקנת התוסף",
      path: "/plugin",
      content:
        "מורידים את קובץ ה־ZIP של התוסף מהמייל, נכנסים ללוח הבקרה של וורדפרס, בוחרים תוספים > הוספת חדש > העלאה, " +
        "ומפעילים. כפתור הצ׳אט מופיע באתר מיד. כל התהליך לוקח כ־5 דקות.",
      origin: "scan",
    },
  ],
  conversations: {
    he: {
      openings: [
        [
          "היי, מה זה Alex בעצם?",
          "Alex הוא עוזר צ׳אט חכם שמותקן באתר שלכם ועונה ללקוחות 24/7: עונה על שאלות, מזהה מה הלקוח צריך, " +
            "אוסף פרטי קשר ועוזר לסגור עסקה. רוצים לשמוע כמה זה עולה?",
        ],
        [
          "כמה עולה השירות?",
          "$50 לחודש ועוד $1 לכל שיחה, מאמר או פתרון. ההתקנה חינם. לדוגמה, עסק עם 100 שיחות בחודש משלם $150 לפני מע״מ.",
        ],
        [
          "יש לי אתר וורדפרס לחנות פרחים, זה מתאים לי?",
          "בהחלט! מתקינים את התוסף של Alex בוורדפרס תוך כ־5 דקות, מעלים את המידע על החנות ו־Alex מתחיל לענות ללקוחות. " +
            "אילו שאלות לקוחות שואלים אתכם הכי הרבה?",
        ],
        [
          "שלום, אני בעל מסעדה ורוצה צ׳אט לאתר",
          "נעים מאוד! Alex יכול לענות על שאלות לגבי התפריט, שעות הפתיחה והזמנת מקומות, ולאסוף פרטים של לקוחות. " +
            "איזה אתר יש לכם היום?",
        ],
      ],
      followUps: {
        general: [
          ["האם הוא עונה גם באנגלית?", "כן. Alex עונה בשפה שבה הלקוח כותב, והחלון מותאם לכתיבה מימין לשמאל."],
          [
            "צריך מתכנת בשביל ההתקנה?",
            "לא. מורידים קובץ ZIP של התוסף, מעלים אותו בלוח הבקרה של וורדפרס ומפעילים. כל התהליך לוקח כ־5 דקות.",
          ],
          ["אפשר לבטל מתי שרוצים?", "כן, אין התחייבות. המנוי חודשי ואפשר לבטל בכל עת."],
        ],
        solution: [
          [
            "אני מקבל הרבה שאלות חוזרות בוואטסאפ, איך Alex עוזר עם זה?",
            "Alex לומד את השאלות הנפוצות מהאתר שלכם ועונה עליהן מיד, כך שפחות פניות מגיעות לוואטסאפ, " +
              "ואתם מקבלים רק לקוחות חמים עם פרטי קשר.",
          ],
          [
            "אין לי זמן לענות ללקוחות בערב",
            "בדיוק בשביל זה Alex קיים: הוא עונה בערבים ובסופי שבוע, אוסף שם וטלפון, ובבוקר מחכה לכם רשימת פניות מסודרת.",
          ],
        ],
        article: [
          [
            "תוכל לכתוב לי מאמר קצר על היתרונות של צ׳אט באתר?",
            'בשמחה! "למה כל עסק קטן צריך צ׳אט חכם באתר": לקוחות מצפים לתשובה מיידית, גם באחת־עשרה בלילה. ' +
              "צ׳אט חכם עונה מיד, אוסף פרטים ומעביר אליכם רק פניות רלוונטיות. רוצה שאתאים את הסגנון לעסק שלך?",
          ],
        ],
        article_approved: [["מעולה, המאמר מאושר", "תודה! המאמר נשמר כמאושר ומוכן לפרסום בבלוג שלכם."]],
        contact_collected: [
          [
            "אשמח שתחזרו אליי: {name}, {phone}",
            "תודה {name}! רשמתי את המספר {phone}. נציג יחזור אליך עוד היום לתיאום הדגמה קצרה.",
          ],
        ],
        payment_confirmed: [
          ["שילמתי עכשיו על המנוי", "התשלום התקבל, תודה! המנוי פעיל, וקישור להורדת התוסף נשלח למייל שלך."],
        ],
        images_received: [
          ["שלחתי צילום מסך של האתר שלי", "קיבלתי, תודה. לפי צילום המסך, כפתור הצ׳אט ישתלב יפה בפינה התחתונה של האתר."],
        ],
      },
    },
    en: {
      openings: [
        [
          "Hi, what exactly does Alex do?",
          "Alex is an AI chat assistant for your website. It answers visitors 24/7, works out what they need, " +
            "collects their contact details and helps close the sale. Want to hear about pricing?",
        ],
        [
          "How much does it cost?",
          "$50 a month plus $1 per conversation, article or solution. Installation is free. " +
            "For example, 100 conversations a month comes to $150, before VAT.",
        ],
        [
          "Does it work with WordPress?",
          "Yes. Alex ships as a WordPress plugin: upload the ZIP, activate it and the chat button appears on your site. " +
            "It takes about five minutes.",
        ],
      ],
      followUps: {
        general: [
          [
            "Can it answer in both Hebrew and English?",
            "Yes, Alex replies in the visitor's language, and the chat window supports right-to-left text.",
          ],
          ["Is there a contract?", "No contract: the subscription is monthly and you can cancel any time."],
        ],
        solution: [
          [
            "We lose leads after business hours. Can Alex help?",
            "That's where Alex shines: it answers at night and at weekends, collects the visitor's name and phone, " +
              "and the lead is waiting for you in the morning.",
          ],
        ],
        contact_collected: [
          [
            "Sure, I'm {name}, my number is {phone}",
            "Thanks {name}! We'll call you at {phone} to set up a short demo.",
          ],
        ],
      },
    },
  },
};
