import type { DemoClient } from "../seed-content.ts";

export const brightMarketing: DemoClient = {
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
