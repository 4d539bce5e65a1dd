import { describe, expect, it } from "vitest";
import {
  buildSystemPrompt,
  enabledCapabilities,
  faqLines,
  normaliseCapabilities,
  type BusinessProfile,
} from "./system-prompt.ts";

const profile: BusinessProfile = {
  businessName: "Simcha Party Planners",
  businessType: "party planning platform",
  training: {
    greeting: "",
    greetingEn: "Hi! Planning a party?",
    tone: "energetic",
    salesFlow: ["need identification", "solution presentation", "deal closing"],
    businessInfo: "We plan bar mitzvahs and weddings in the center of Israel.",
    knowledgeBase: {
      faq: [
        { q: "Do you do weddings?", a: "Yes, from 100 guests." },
        { q: "", a: "orphan" },
      ],
    },
  },
  sales: {
    businessName: "Simcha",
    pricing: "Planning fee from 3,000 NIS.",
    salesStyle: "consultative",
    customSystemPrompt: "Always mention the free first meeting.",
    customInstructions: "Never promise a date.",
    capabilities: {
      sales: true,
      salesPrompt: "Offer a call.",
      functions: true,
      support: false,
      supportPrompt: "unused",
    },
  },
};

describe("normaliseCapabilities", () => {
  it("fills every missing flag with false and every missing prompt with empty text", () => {
    const capabilities = normaliseCapabilities({ sales: true, salesPrompt: "  Sell.  ", b2b: "yes", apiPrompt: 7 });
    expect(capabilities.sales).toBe(true);
    expect(capabilities.salesPrompt).toBe("Sell.");
    expect(capabilities.b2b).toBe(false);
    expect(capabilities.apiPrompt).toBe("");
    expect(capabilities.payment).toBe(false);
    expect(Object.keys(capabilities)).toHaveLength(24);
    expect(normaliseCapabilities(null)).toEqual(normaliseCapabilities({}));
  });

  it("lists the enabled capabilities with their prompts", () => {
    expect(enabledCapabilities(normaliseCapabilities(profile.sales!.capabilities))).toEqual([
      { capability: "sales", prompt: "Offer a call." },
      { capability: "functions", prompt: "" },
    ]);
  });
});

describe("faqLines", () => {
  it("reads question and answer pairs, or the raw text stored when the FAQ was not JSON", () => {
    expect(faqLines(profile.training!.knowledgeBase)).toEqual(["Q: Do you do weddings?\nA: Yes, from 100 guests."]);
    expect(faqLines({ faq: "free text faq" })).toEqual(["free text faq"]);
    expect(faqLines(undefined)).toEqual([]);
  });
});

describe("buildSystemPrompt", () => {
  const passages = [
    {
      topic: "Catering",
      content: "Kosher menus from 120 NIS.",
      sourceUrl: "https://simcha.example/catering",
      origin: "scan" as const,
    },
  ];

  it("composes the training config, the sales config, the enabled capabilities and the passages", () => {
    const prompt = buildSystemPrompt(profile, passages, "en");
    expect(prompt).toContain("You are Alex, the AI employee of Simcha (business type: party planning platform)");
    expect(prompt).toContain("Be energetic and enthusiastic.");
    expect(prompt).toContain("We plan bar mitzvahs and weddings");
    expect(prompt).toContain("Planning fee from 3,000 NIS.");
    expect(prompt).toContain("consultative");
    expect(prompt).toContain("need identification → solution presentation → deal closing");
    expect(prompt).toContain("Always mention the free first meeting.\nNever promise a date.");
    expect(prompt).toContain("- Sales: Offer a call.");
    expect(prompt).toContain("- Functions (completing tasks for the visitor)");
    expect(prompt).not.toContain("unused");
    expect(prompt).toContain("Q: Do you do weddings?");
    expect(prompt).toContain("[Catering] (https://simcha.example/catering)\nKosher menus from 120 NIS.");
    expect(prompt).toContain("save_contact_details");
  });

  it("quotes a retrieved FAQ pair or business information passage once: the prompt already holds them whole", () => {
    const taught = [
      { topic: "Do you do weddings?", content: "Yes, from 100 guests.", sourceUrl: null, origin: "faq" as const },
      {
        topic: "",
        content: "We plan bar mitzvahs and weddings in the center of Israel.",
        sourceUrl: null,
        origin: "manual" as const,
      },
    ];
    const prompt = buildSystemPrompt(profile, [...taught, ...passages], "en");
    expect(prompt.split("Yes, from 100 guests.")).toHaveLength(2);
    expect(prompt.split("We plan bar mitzvahs")).toHaveLength(2);
    expect(prompt).toContain("## Knowledge passages relevant to this question\n[Catering]");
  });

  it("tells the model the chat opened with the greeting of the visitor's language, and not to greet again", () => {
    expect(buildSystemPrompt(profile, [], "en")).toContain(
      'The chat already opened with this greeting: "Hi! Planning a party?". Do not greet the visitor again',
    );
    expect(buildSystemPrompt(profile, [], "he")).toContain(
      "The chat already opened with a greeting. Do not greet the visitor again",
    );
  });

  it("tells the model to answer in the visitor's language", () => {
    expect(buildSystemPrompt(profile, [], "he")).toContain("The visitor writes in Hebrew. Reply in Hebrew.");
    expect(buildSystemPrompt(profile, [], "en")).toContain("The visitor writes in English. Reply in English.");
  });

  it("works for a client with no configuration yet, leaving out the empty sections", () => {
    const prompt = buildSystemPrompt(
      { businessName: "New Co", businessType: "other", training: null, sales: null },
      [],
      "he",
    );
    expect(prompt).toContain("You are Alex, the AI employee of New Co");
    expect(prompt).toContain("Be friendly and professional.");
    expect(prompt).not.toContain("## Pricing");
    expect(prompt).not.toContain("## Enabled capabilities");
    expect(prompt).not.toContain("## Knowledge passages");
  });
});
