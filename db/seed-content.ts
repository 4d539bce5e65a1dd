/**
 * The words of the demo seed: businesses, their configurations and what visitors say to them.
 * db/seed.ts decides the numbers and the times; this file only holds text.
 */
import type { Capability, ClientStatus, MessageType, Plan } from "./vocabulary.ts";

export type Language = "he" | "en";
export type FollowUpType = Exclude<MessageType, "conversation">;
/** A visitor message and the assistant's reply; {placeholders} are filled in per session. */
export type Turn = readonly [visitor: string, reply: string];
export type ConversationScript = {
  /** First exchanges of a session (billed as a conversation). */
  openings: readonly Turn[];
  /** Later exchanges by message type; a missing type falls back to GENERIC_FOLLOW_UPS. */
  followUps: Partial<Record<FollowUpType, readonly Turn[]>>;
};

export const PARTY_PLANNING = "party planning platform";

export type DemoClient = {
  businessName: string;
  ownerEmail: string;
  contactEmail: string;
  websiteDomain: string;
  businessType: string;
  plan: Plan;
  status: ClientStatus;
  onboardingPaid: boolean;
  /** The provider's own business: it chats from the seed's first day, before any other client joined. */
  isProvider?: boolean;
  /** The name the assistant gives the business (its sales settings' business name), when not the client's own. */
  speaksAs?: string;
  /** Sign-up time relative to the seed's "now". */
  joined: { daysAgo: number } | "this-month" | "last-month";
  /** Oldest first; the client stops chatting at the first change away from active. */
  statusHistory?: readonly { from: ClientStatus; to: ClientStatus; daysAgo: number }[];
  /** Its last closed billing month is unpaid (the story behind a suspension). */
  hasOverdueBill?: boolean;
  /** Relative share of the chat traffic. */
  traffic: number;
  training: {
    greeting: string;
    tone: "friendly_professional" | "formal" | "casual" | "energetic";
    businessInfo: string;
    faq: readonly { q: string; a: string }[];
  };
  sales: {
    pricing: string;
    salesStyle: "consultative" | "aggressive" | "hybrid";
    websitePaths: readonly string[];
    customSystemPrompt: string;
    customInstructions: string;
    /** Enabled capabilities, each with its prompt text ("" for none). */
    capabilities: Partial<Record<Capability, string>>;
  };
  knowledge: readonly {
    topic: string;
    /** Path on the client's site. */
    path: string;
    content: string;
    /** The FAQ and business information become entries from the training (db/training-knowledge.ts). */
    origin: "scan" | "hivepress";
  }[];
  conversations: Partial<Record<Language, ConversationScript>>;
};

export const SALES_FLOW = ["need identification", "solution presentation", "deal closing"];

const alexAi: DemoClient = {
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

const simchaPartyPlanners: DemoClient = {
  businessName: "Simcha Party Planners",
  ownerEmail: "dana@simcha-party.example",
  contactEmail: "events@simcha-party.example",
  websiteDomain: "simcha-party.example",
  businessType: PARTY_PLANNING,
  plan: "premium",
  status: "active",
  onboardingPaid: true,
  joined: { daysAgo: 301 },
  traffic: 3,
  training: {
    greeting:
      "Mazal tov! I'm Alex from Simcha Party Planners. Tell me about the celebration you're planning " +
      "and I'll match you with the right suppliers.",
    tone: "energetic",
    businessInfo:
      "Simcha Party Planners is an online platform that matches families in Israel with vetted venues, caterers, DJs, " +
      "photographers and decorators for bar and bat mitzvahs, weddings, brit milah and birthdays. " +
      "The planning consultation is free; suppliers answer within two hours.",
    faq: [
      { q: "Is the consultation free?", a: "Yes. We are paid by the suppliers, never by the families." },
      { q: "How fast do suppliers answer?", a: "About 70% answer within two hours." },
      { q: "Do you have kosher caterers?", a: "Yes, most of our caterers are kosher, many of them Mehadrin." },
      {
        q: "How early should we book the suppliers?",
        a:
          "Book the venue six months ahead, caterer and DJ four months ahead, invitations two months ahead, " +
          "and confirm the final guest count two weeks before the event.",
      },
    ],
  },
  sales: {
    pricing: "Free consultation for families. Suppliers pay a commission only on confirmed bookings.",
    salesStyle: "hybrid",
    websitePaths: ["/", "/venues", "/suppliers", "/how-it-works"],
    customSystemPrompt:
      "You are Alex, the party planning consultant of Simcha Party Planners. Find out the party type, guest count, " +
      "budget, location and date, then collect the family's name and phone so suppliers can call them.",
    customInstructions: "Never quote a supplier's exact price; give ranges and let the supplier confirm.",
    capabilities: {
      sales: "Present two or three matching suppliers, never more.",
      functions: "When you have name, phone, party type, guests, budget and location, complete the consultation.",
      b2c: "",
      public: "",
      custom: "Mention seasonal availability when the date is in spring or autumn.",
      payment: "",
    },
  },
  knowledge: [
    {
      topic: "How it works",
      path: "/how-it-works",
      content:
        "Tell us about your event, get a shortlist of matching suppliers, and they call you back, usually within two " +
        "hours. The consultation is free for families.",
      origin: "scan",
    },
    {
      topic: "Venues in the center",
      path: "/venues",
      content:
        "Garden venues in Ra'anana, Herzliya and Modi'in for 80 to 350 guests, boutique restaurants in Tel Aviv for up " +
        "to 60 guests, and rooftop halls in Jerusalem.",
      origin: "hivepress",
    },
    {
      topic: "Catering",
      path: "/suppliers/catering",
      content:
        "Kosher and Mehadrin caterers, buffet or served menus, from about 180 to 450 shekels per guest depending on " +
        "the menu and the season.",
      origin: "hivepress",
    },
  ],
  conversations: {
    en: {
      openings: [
        [
          "Hi, we're planning a {partyType} for about {guests} guests",
          "Mazal tov! For {guests} guests I can suggest venues, catering and entertainment. " +
            "Which area are you looking at, and roughly what is your budget?",
        ],
        [
          "Do you have venues in {location}?",
          "Yes, we work with several venues in and around {location}, from garden halls to boutique restaurants. " +
            "How many guests are you expecting?",
        ],
        [
          "How does your service work?",
          "You tell me about the event, I build a shortlist of matching suppliers, and they get back to you within " +
            "about two hours. The consultation is free.",
        ],
      ],
      followUps: {
        general: [
          [
            "How far ahead do spring dates get booked?",
            "Spring weekends fill up four to six months ahead. Share your preferred dates and I'll check which suppliers " +
              "are still free.",
          ],
          [
            "Do the caterers offer kosher menus?",
            "Most of our caterers are kosher, many of them Mehadrin. I can keep your shortlist kosher-only.",
          ],
        ],
        solution: [
          [
            "Our budget is around {budget}, is that realistic?",
            "With {budget} for {guests} guests, a mid-range venue with full catering and a DJ is realistic. " +
              "A package venue in {location} usually saves 15-20% compared with booking each supplier separately.",
          ],
        ],
        article: [
          [
            "Can you write a checklist for planning a bar mitzvah?",
            "Here's a checklist: six months before, set the budget and guest list and book the venue; four months, " +
              "caterer, DJ and photographer; two months, invitations and decor; two weeks, final count and seating. " +
              "Shall I turn it into a printable guide?",
          ],
        ],
        article_approved: [
          ["Looks great, approved", "Great, the checklist is approved and saved. I'll e-mail you a copy."],
        ],
        contact_collected: [
          [
            "My name is {name}, phone {phone}",
            "Thanks {name}! I've sent your {partyType} details to three matching suppliers in {location}. " +
              "They'll call you at {phone}, usually within two hours.",
          ],
        ],
        payment_confirmed: [
          [
            "I paid the deposit for the venue",
            "Deposit received, your date is locked in! The confirmation and the venue's contract are on their way by e-mail.",
          ],
        ],
        images_received: [
          [
            "Here are photos of the theme we like",
            "Got the photos, thanks! Pastel balloons and floral centrepieces: I'll send them to our decorators " +
              "so they can quote this exact style.",
          ],
        ],
      },
    },
  },
};

const nadlanHasharon: DemoClient = {
  businessName: "נדל״ן השרון",
  ownerEmail: "moshe@nadlan-hasharon.example",
  contactEmail: "office@nadlan-hasharon.example",
  websiteDomain: "nadlan-hasharon.example",
  businessType: "realestate",
  plan: "enterprise",
  status: "active",
  onboardingPaid: true,
  joined: { daysAgo: 243 },
  traffic: 2,
  training: {
    greeting: "שלום וברוכים הבאים לנדל״ן השרון. במה אוכל לעזור: קנייה, מכירה או השכרה?",
    tone: "formal",
    businessInfo:
      "משרד תיווך ותיק בכפר סבא, רעננה והוד השרון. קנייה, מכירה והשכרה של דירות ובתים, הערכת שווי ללא עלות " +
      "וליווי עד החתימה. דמי תיווך: 2% בקנייה, חודש שכירות בהשכרה.",
    faq: [
      { q: "מה דמי התיווך?", a: "דמי התיווך הם 2% ממחיר העסקה בתוספת מע״מ בקנייה, ודמי שכירות של חודש אחד בהשכרה." },
      {
        q: "האם הערכת השווי בתשלום?",
        a: "לא. הערכת שווי ראשונית ללא עלות, בתוך 48 שעות מהפנייה, על סמך עסקאות דומות באזור.",
      },
      { q: "באילו ערים אתם פועלים?", a: "כפר סבא, רעננה, הוד השרון והסביבה." },
    ],
  },
  sales: {
    pricing: "דמי תיווך: 2% + מע״מ בקנייה, חודש שכירות בהשכרה. הערכת שווי ראשונית ללא עלות.",
    salesStyle: "consultative",
    websitePaths: ["/", "/for-sale", "/for-rent", "/about"],
    customSystemPrompt: "אתה נציג של נדל״ן השרון. שאל על סוג העסקה, אזור, מספר חדרים ותקציב, והצע פגישה עם סוכן.",
    customInstructions: "אל תמסור כתובות מדויקות של נכסים; הצע לתאם סיור.",
    capabilities: {
      support: "",
      sales: "התאם נכסים לתקציב ולאזור והצע סיור.",
      functions: "",
      b2c: "",
      public: "",
    },
  },
  knowledge: [
    {
      topic: "דירות למכירה בכפר סבא",
      path: "/for-sale",
      content:
        "דירות 4 חדרים בכפר סבא בין 2.4 ל־3.1 מיליון ₪, בשכונות הירוקים, הדרים וכפר סבא הירוקה. " +
        "דירות 5 חדרים החל מ־3.2 מיליון ₪.",
      origin: "scan",
    },
    {
      topic: "השכרה בהוד השרון",
      path: "/for-rent",
      content: "דירות להשכרה בהוד השרון החל מ־6,500 ₪ לחודש לדירת 3 חדרים, עם חניה ומחסן.",
      origin: "scan",
    },
  ],
  conversations: {
    he: {
      openings: [
        [
          "שלום, אני מחפש דירת 4 חדרים בכפר סבא",
          "שלום וברוכים הבאים לנדל״ן השרון! יש לנו כרגע כמה דירות 4 חדרים בכפר סבא, בטווח של 2.4–3.1 מיליון ₪. " +
            "מה התקציב שלכם ומתי תרצו להיכנס?",
        ],
        [
          "כמה שווה הדירה שלי ברעננה?",
          "נשמח להעריך. השווי תלוי בגודל, בקומה ובמצב הדירה. ספרו לי כמה חדרים יש ומה שטח הדירה, " +
            "ונציג יתאם הערכת שווי ללא עלות.",
        ],
        [
          "יש לכם דירות להשכרה בהוד השרון?",
          "כן, יש לנו כמה דירות להשכרה בהוד השרון, החל מ־6,500 ₪ לחודש. כמה חדרים אתם צריכים?",
        ],
      ],
      followUps: {
        general: [
          ["מה דמי התיווך אצלכם?", "דמי התיווך הם 2% ממחיר העסקה בתוספת מע״מ בקנייה, ודמי שכירות של חודש אחד בהשכרה."],
          [
            "אתם עובדים בשבת?",
            "המשרד סגור בשבת, אבל אני זמין כאן כל הזמן. השאירו פרטים ונחזור אליכם ביום ראשון בבוקר.",
          ],
        ],
        solution: [
          [
            "התקציב שלנו 2.5 מיליון ואנחנו צריכים 4 חדרים",
            "בתקציב של 2.5 מיליון ₪ אפשר למצוא 4 חדרים בשכונת הירוקים בכפר סבא או ברחובות הוותיקים ברעננה. " +
              "כדאי לשקול גם פרויקט חדש בהוד השרון, שבו נשאר מלאי במחירים דומים.",
          ],
        ],
        article: [
          [
            "תכתוב לי מדריך קצר לקונה דירה ראשונה",
            "בשמחה. 1. בדקו זכאות למשכנתא. 2. קבעו תקציב שכולל מס רכישה, עורך דין ושיפוץ. " +
              "3. הוציאו נסח טאבו ובדקו תוכניות בנייה באזור. 4. הזמינו שמאי לפני החתימה. רוצה שארחיב על אחד השלבים?",
          ],
        ],
        contact_collected: [["{name}, {phone}", "תודה {name}! סוכן מהמשרד יחזור אליך למספר {phone} עוד היום."]],
        images_received: [
          [
            "צירפתי תמונות של הדירה שאני רוצה למכור",
            "קיבלתי את התמונות, תודה. הדירה נראית מוארת ומטופחת. אעביר אותן לסוכן להערכת שווי ראשונית.",
          ],
        ],
      },
    },
  },
};

const hagefen: DemoClient = {
  businessName: "מסעדת הגפן",
  ownerEmail: "yossi@hagefen-rest.example",
  contactEmail: "reservations@hagefen-rest.example",
  websiteDomain: "hagefen-rest.example",
  businessType: "restaurant",
  plan: "basic",
  status: "active",
  onboardingPaid: false,
  joined: "last-month",
  traffic: 1.5,
  training: {
    greeting: "היי, הגעתם למסעדת הגפן! רוצים להזמין שולחן או לשאול על התפריט?",
    tone: "casual",
    businessInfo:
      "מסעדת שף כשרה בזכרון יעקב: מטבח ים־תיכוני, מנות טבעוניות, חדר פרטי לאירועים עד 24 איש. " +
      "פתוחים א׳–ה׳ 12:00–23:00, ו׳ 12:00–16:00, ובמוצאי שבת מ־20:00.",
    faq: [
      { q: "האם המסעדה כשרה?", a: "כן, בהשגחת הרבנות המקומית." },
      { q: "יש מנות טבעוניות?", a: "כן, כמה מנות טבעוניות בתפריט ואפשרות להתאמות." },
      { q: "מה שעות הפתיחה?", a: "א׳–ה׳ 12:00–23:00, ו׳ 12:00–16:00, מוצאי שבת מ־20:00." },
      { q: "יש חניה?", a: "חניון ציבורי במרחק 50 מטר, חינם אחרי 19:00." },
    ],
  },
  sales: {
    pricing: "ארוחה עסקית 89 ₪. תפריט אירועים 180 ₪ לסועד כולל קינוח.",
    salesStyle: "aggressive",
    websitePaths: ["/", "/menu", "/events"],
    customSystemPrompt: "אתה המארח של מסעדת הגפן. ענה בקצרה ובחום, ותמיד הצע להזמין שולחן.",
    customInstructions: "",
    capabilities: { sales: "הצע שולחן או חדר פרטי בכל שיחה.", b2c: "", public: "", payment: "" },
  },
  knowledge: [
    {
      topic: "תפריט",
      path: "/menu",
      content: "מנות דגל: דג מוסר ים על הגריל, ריזוטו פטריות טבעוני, סלט עדשים שחורות, קציצות חומוס. ארוחה עסקית 89 ₪.",
      origin: "scan",
    },
    {
      topic: "אירועים",
      path: "/events",
      content: "חדר פרטי עד 24 איש, תפריט אירועים ב־180 ₪ לסועד כולל קינוח ועוגת יום הולדת.",
      origin: "scan",
    },
  ],
  conversations: {
    he: {
      openings: [
        ["אפשר להזמין שולחן לשישה אנשים להערב?", "בטח! יש לנו מקום הערב ב־19:30 או ב־21:00. איזו שעה מתאימה לכם?"],
        [
          "יש לכם מנות טבעוניות?",
          "כן! יש ריזוטו פטריות טבעוני, סלט עדשים שחורות וקציצות חומוס, ואפשר להתאים עוד מנות. להזמין לכם שולחן?",
        ],
        ["מה שעות הפתיחה?", "א׳–ה׳ 12:00–23:00, ו׳ 12:00–16:00, ובמוצאי שבת מ־20:00. לשריין לכם מקום?"],
      ],
      followUps: {
        general: [
          ["יש חניה ליד המסעדה?", "יש חניון ציבורי במרחק 50 מטר, והחניה בו חינם אחרי 19:00."],
          ["המסעדה כשרה?", "כן, המטבח כשר בהשגחת הרבנות המקומית, ולכן אנחנו סגורים בשבת."],
        ],
        solution: [
          [
            "אנחנו רוצים לחגוג יום הולדת ל־20 איש, מה אפשר?",
            "לקבוצה של 20 יש לנו חדר פרטי ותפריט אירועים ב־180 ₪ לסועד, כולל קינוח ועוגת יום הולדת. לשריין תאריך?",
          ],
        ],
        contact_collected: [
          ["על שם {name}, טלפון {phone}", "מעולה {name}, ההזמנה נרשמה! אישור יישלח ב־SMS למספר {phone}."],
        ],
        payment_confirmed: [["שילמתי מקדמה על האירוע", "המקדמה התקבלה, תודה! החדר הפרטי שמור לכם. נתראה!"]],
      },
    },
  },
};

const brightMarketing: DemoClient = {
  businessName: "Bright Marketing Studio",
  ownerEmail: "noa@brightstudio.example",
  contactEmail: "hello@brightstudio.example",
  websiteDomain: "brightstudio.example",
  businessType: "marketing",
  plan: "premium",
  status: "active",
  onboardingPaid: true,
  joined: "this-month",
  traffic: 1.5,
  training: {
    greeting: "Hi! I'm Alex from Bright Marketing Studio. Looking for more leads, better content or stronger ads?",
    tone: "friendly_professional",
    businessInfo:
      "A digital marketing studio in Tel Aviv for small businesses: social media management, Google and Meta ads, " +
      "SEO in Hebrew and English, and blog content. Monthly retainers from 3,500 shekels.",
    faq: [
      {
        q: "Do you offer a free audit?",
        a: "Yes. Book a free audit of your website and ads: we send a short report and walk you through it on a 30-minute call.",
      },
      { q: "Is there a minimum contract?", a: "Three months, then month to month." },
    ],
  },
  sales: {
    pricing:
      "Social media from 3,500 ₪/month, ads management from 2,500 ₪/month plus ad spend, SEO from 4,000 ₪/month.",
    salesStyle: "consultative",
    websitePaths: ["/", "/services", "/blog", "/contact"],
    customSystemPrompt:
      "You are Alex for Bright Marketing Studio. Diagnose the visitor's marketing problem, suggest one clear next step " +
      "and offer the free audit.",
    customInstructions: "Write articles in the visitor's language; keep drafts under 150 words.",
    capabilities: {
      sales: "",
      functions: "When the visitor approves an article, complete the article generation.",
      b2b: "",
      public: "",
      custom: "Offer to draft a blog post or social caption when the visitor mentions content.",
    },
  },
  knowledge: [
    {
      topic: "Services",
      path: "/services",
      content:
        "Social media management, Google and Meta ads, SEO in Hebrew and English, landing pages and blog content " +
        "for clinics, shops and service businesses.",
      origin: "scan",
    },
    {
      topic: "Content packages",
      path: "/blog",
      content:
        "Two to eight blog articles a month, each researched for local keywords and approved by you before publishing.",
      origin: "scan",
    },
  ],
  conversations: {
    en: {
      openings: [
        [
          "Hi, we need help with social media for our clinic",
          "Happy to help! We run social media for clinics and small businesses: content, ads and monthly reports. " +
            "Which platforms are you on today?",
        ],
        [
          "What do your SEO packages include?",
          "A site audit, keyword research in Hebrew and English, on-page fixes and two blog articles a month. " +
            "Would you like a free audit of your site?",
        ],
      ],
      followUps: {
        general: [
          [
            "Do you work with businesses outside Tel Aviv?",
            "Yes, all over Israel and abroad; most meetings are on Zoom.",
          ],
        ],
        article: [
          [
            "Can you draft a blog post about Google reviews for small businesses?",
            'Here\'s a draft: "Why Google reviews make or break a local business". Nine in ten customers read reviews ' +
              "before they visit. Ask happy customers right after the purchase, reply to every review, and never argue " +
              "in public. Shall I adapt the tone to your brand?",
          ],
          [
            "Write a short Instagram caption for our summer sale",
            '"Summer is here and so are our best prices! 20% off everything until the end of the month. ' +
              'Tag a friend who needs this." Want a Hebrew version too?',
          ],
        ],
        article_approved: [
          ["Perfect, approve it", "Approved! The article is saved and ready to publish on your blog."],
        ],
        solution: [
          [
            "Our ads get clicks but no leads",
            "That usually means the landing page is the bottleneck. Test a shorter form (name and phone only), a clear " +
              "offer at the top and a chat button for questions. We can run that A/B test for you in two weeks.",
          ],
        ],
        contact_collected: [
          [
            "I'm {name}, {phone}",
            "Thanks {name}! A strategist will call you at {phone} to book your free 30-minute audit.",
          ],
        ],
      },
    },
  },
};

const roniFashion: DemoClient = {
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

const bdikotPlus: DemoClient = {
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

/**
 * The public demo's own client (clients.is_demo), created at start-up when missing, seed or not: it
 * knows and says what the provider's client does, under a name that tells the operator which is which.
 */
export const PUBLIC_DEMO_CLIENT: DemoClient = {
  ...alexAi,
  businessName: "Alex AI (public demo)",
  speaksAs: alexAi.businessName,
  ownerEmail: "demo@alex-ai.example",
  plan: "basic",
  isProvider: false,
  joined: { daysAgo: 0 },
  traffic: 0,
  conversations: {},
};

export const DEMO_CLIENTS: readonly DemoClient[] = [
  alexAi,
  simchaPartyPlanners,
  nadlanHasharon,
  hagefen,
  brightMarketing,
  roniFashion,
  bdikotPlus,
];

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

export const INVESTMENT_INQUIRIES = [
  {
    name: "רונית אלמוג",
    email: "ronit@almog-capital.example",
    phone: "052-7781234",
    company: "אלמוג קפיטל",
    investmentAmount: "360k-900k",
    expertise: "funding",
    message: "נשמח לשמוע על תוכנית הצמיחה ועל מספר הלקוחות הפעילים.",
    language: "he",
    daysAgo: 41,
  },
  {
    name: "James Whitfield",
    email: "james@northbridge.vc",
    phone: "+44 20 7946 0958",
    company: "Northbridge Ventures",
    investmentAmount: "250k-500k",
    expertise: "partnerships",
    message: "Interested in the Israeli SMB market. Could we get the deck and monthly revenue figures?",
    language: "en",
    daysAgo: 23,
  },
  {
    name: "משה ברק",
    email: "moshe.barak@gmail.com",
    phone: "054-3319876",
    company: "",
    investmentAmount: "180k-360k",
    expertise: "marketing",
    message: "משקיע פרטי עם ניסיון בשיווק לעסקים קטנים.",
    language: "he",
    daysAgo: 9,
  },
  {
    name: "Linda Park",
    email: "linda@parkadvisory.example",
    phone: "+1 415 555 0132",
    company: "Park Advisory",
    investmentAmount: "50k-100k",
    expertise: "advisory",
    message: "Happy to advise on SaaS pricing and go-to-market.",
    language: "en",
    daysAgo: 3,
  },
] as const;

export const CONTACT_LEADS = [
  {
    fullName: "שרון טל",
    phone: "050-4412378",
    email: "sharon.tal@walla.co.il",
    marketingConsent: true,
    language: "he",
    daysAgo: 34,
  },
  {
    fullName: "אבי נחום",
    phone: "053-2209911",
    email: "avi@nachum-law.example",
    marketingConsent: false,
    language: "he",
    daysAgo: 17,
  },
  {
    fullName: "Tom Harel",
    phone: "058-6612004",
    email: "tom@harel-design.example",
    marketingConsent: true,
    language: "en",
    daysAgo: 8,
  },
  {
    fullName: "ליאת סבג",
    phone: "052-9087765",
    email: "liat.sabag@gmail.com",
    marketingConsent: true,
    language: "he",
    daysAgo: 2,
  },
  {
    fullName: "Anna Berg",
    phone: "054-7732190",
    email: "anna.berg@outlook.com",
    marketingConsent: false,
    language: "en",
    daysAgo: 1,
  },
] as const;

export const NEWSLETTER_SUBSCRIBERS = [
  { email: "gil.ofer@gmail.com", language: "he", daysAgo: 58 },
  { email: "info@cafe-yafo.example", language: "he", daysAgo: 44 },
  { email: "mark@smallbiz-news.example", language: "en", daysAgo: 30 },
  { email: "yael.k@walla.co.il", language: "he", daysAgo: 15 },
  { email: "hello@studio-lev.example", language: "he", daysAgo: 6 },
  { email: "ben@tlvstartups.example", language: "en", daysAgo: 1 },
] as const;
