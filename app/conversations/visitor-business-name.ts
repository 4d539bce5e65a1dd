/**
 * The business's name as its visitors read it (the chat's title, the consent line, Alex asking for the
 * consent): the public demo's client is named for the operators ("Alex AI (public demo)"), while its
 * visitors talk to the product itself, `productName` (common's `brand`, "Alex").
 */
export const visitorBusinessName = (client: { businessName: string; isDemo: boolean }, productName: string) =>
  client.isDemo ? productName : client.businessName;
