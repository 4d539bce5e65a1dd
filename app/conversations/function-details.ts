import type { FunctionClientDetails } from "#db/vocabulary.ts";

/** The details a completed function may carry, in the order the page and the CSV show them. */
export const FUNCTION_DETAIL_KEYS = [
  "clientName",
  "phone",
  "email",
  "partyType",
  "guestCount",
  "budget",
  "location",
] as const satisfies readonly (keyof FunctionClientDetails)[];
