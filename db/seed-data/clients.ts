import type { DemoClient } from "../seed-content.ts";
import { alexAi } from "./alex-ai.ts";
import { simchaPartyPlanners } from "./simcha-party-planners.ts";
import { nadlanHasharon } from "./nadlan-hasharon.ts";
import { hagefen } from "./hagefen.ts";
import { brightMarketing } from "./bright-marketing.ts";
import { roniFashion } from "./roni-fashion.ts";
import { bdikotPlus } from "./bdikot-plus.ts";

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
