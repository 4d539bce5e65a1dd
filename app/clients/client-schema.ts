import { z } from "zod";
import { BUSINESS_TYPES, CLIENT_STATUSES, PLANS } from "#db/vocabulary.ts";
import type { NamedPeriod } from "~/lib/calendar.ts";
import { singleLineText } from "~/lib/text.ts";

/** The periods of app/lib/calendar.ts that the usage API and the Export Usage dialog offer (a week from Sunday). */
export const USAGE_PERIODS = ["week", "month", "quarter", "year", "all"] as const satisfies readonly NamedPeriod[];
export type UsagePeriod = (typeof USAGE_PERIODS)[number];

/** The client list's status filter: one status, or every client. */
export const STATUS_FILTERS = ["all", ...CLIENT_STATUSES] as const;

export const CLIENT_LIMITS = {
  businessName: 120,
  email: 254,
  websiteDomain: 253,
  search: 100,
  monthlyFee: 100_000,
} as const;

// Messages are keys of the "clients" namespace, translated where they are shown.

/** One trimmed line of text, cleaned like every other (a pasted tab becomes a space, a NUL goes). */
const line = (max: number, required: string) =>
  singleLineText({ error: required }).trim().min(1, { error: required, abort: true }).max(max, "errors.tooLong");

const email = (message: string) =>
  z.string({ error: message }).trim().max(CLIENT_LIMITS.email, message).pipe(z.email(message));

/** "https://Shop.co.il/about" and "shop.co.il" name the same site: the host (and port) is what is kept. */
const websiteDomain = z
  .string({ error: "errors.websiteDomainRequired" })
  .trim()
  .min(1, { error: "errors.websiteDomainRequired", abort: true })
  .max(CLIENT_LIMITS.websiteDomain, "errors.tooLong")
  .transform((value) =>
    value
      .replace(/^[a-z][a-z0-9+.-]*:\/\//i, "")
      .replace(/[/?#].*$/, "")
      .toLowerCase(),
  )
  .refine((host) => /^[\p{L}\p{N}-]+(\.[\p{L}\p{N}-]+)*(:\d{1,5})?$/u.test(host), "errors.websiteDomainInvalid");

const fields = {
  businessName: line(CLIENT_LIMITS.businessName, "errors.businessNameRequired"),
  ownerEmail: email("errors.invalidEmail"),
  websiteDomain,
  businessType: z.enum(BUSINESS_TYPES, { error: "errors.businessTypeRequired" }),
  plan: z.enum(PLANS, { error: "errors.planInvalid" }),
  status: z.enum(CLIENT_STATUSES, { error: "errors.statusInvalid" }),
};

/** A new client: the add-client form and `POST /api/clients`. */
export const newClientSchema = z.object({
  businessName: fields.businessName,
  ownerEmail: fields.ownerEmail,
  websiteDomain: fields.websiteDomain,
  businessType: fields.businessType,
  plan: fields.plan.default("basic"),
});
export type NewClientInput = z.infer<typeof newClientSchema>;

/**
 * `PUT /api/clients/{id}`: a status alone or the whole client. Fields it does not know
 * (id, licenseKey, createdAt of the object the client list sent) are ignored: the license key never changes.
 */
export const clientUpdateSchema = z
  .object({
    businessName: fields.businessName,
    ownerEmail: fields.ownerEmail,
    contactEmail: z.union([z.literal("").transform(() => null), z.null(), email("errors.invalidEmail")]),
    websiteDomain: fields.websiteDomain,
    businessType: fields.businessType,
    plan: fields.plan,
    status: fields.status,
    monthlyFee: z
      .number({ error: "errors.monthlyFeeInvalid" })
      .min(0, "errors.monthlyFeeInvalid")
      .max(CLIENT_LIMITS.monthlyFee, "errors.monthlyFeeInvalid"),
    onboardingPaid: z.boolean({ error: "errors.onboardingPaidInvalid" }),
  })
  .partial()
  .refine((update) => Object.values(update).some((value) => value !== undefined), "errors.nothingToUpdate");
export type ClientUpdateInput = z.infer<typeof clientUpdateSchema>;

/** The Settings tab's Activate, Suspend and Cancel buttons. */
export const statusChangeSchema = z.object({ status: fields.status });

/**
 * The client list page's URL: `?q=` searches name, e-mail, domain and license key; `?status=` filters;
 * `?demo=show` lists the public demo's client too. A bad parameter falls back to no filter (a
 * hand-edited link still opens).
 */
export const clientListQuerySchema = z.object({
  q: z.string().trim().max(CLIENT_LIMITS.search).catch(""),
  status: z.enum(STATUS_FILTERS).catch("all"),
  demo: z.enum(["show"]).optional().catch(undefined),
});

/** GET /api/clients: the same filters, but a bad one is a 400 naming it, so a caller's typo is not read as "every client". */
export const clientListApiQuerySchema = z.object({
  q: z.string().trim().max(CLIENT_LIMITS.search, "errors.searchTooLong").default(""),
  status: z.enum(STATUS_FILTERS, "errors.statusFilterInvalid").default("all"),
  demo: z.enum(["show"], "errors.demoFilterInvalid").optional(),
});
export type ClientListQuery = z.infer<typeof clientListQuerySchema>;
