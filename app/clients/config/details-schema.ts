import { z } from "zod";
import { BILLING_CURRENCIES } from "#db/price-list.ts";
import { CLIENT_STATUSES, PLANS } from "#db/vocabulary.ts";
import { plainText } from "~/lib/text.ts";

/** The General tab's client details (the license key is shown, never posted); messages are keys of the `client-config` namespace. */
export const clientDetailsFormSchema = z.object({
  businessName: z
    .string("errors.businessNameRequired")
    .pipe(plainText(200).pipe(z.string().min(1, "errors.businessNameRequired"))),
  contactEmail: z.string().trim().max(254, "errors.tooLong").pipe(z.email("errors.invalidEmail")).optional(),
  websiteDomain: z
    .string("errors.domainRequired")
    .pipe(plainText(253).pipe(z.string().min(1, "errors.domainRequired"))),
  plan: z.enum(PLANS, "errors.unknownPlan"),
  status: z.enum(CLIENT_STATUSES, "errors.unknownStatus"),
  /** Left out (an older form, an API caller): the client keeps its currency. */
  billingCurrency: z.enum(BILLING_CURRENCIES, "errors.unknownCurrency").optional(),
});
