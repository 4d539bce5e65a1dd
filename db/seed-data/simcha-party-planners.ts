import { PARTY_PLANNING, type DemoClient } from "../seed-content.ts";

export const simchaPartyPlanners: DemoClient = {
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
