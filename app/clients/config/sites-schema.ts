import { z } from "zod";
import { MAX_SITE_ORIGINS, siteOriginLines } from "~/sites/site-origins.ts";

/** The most a client's limits may be set to: far above any real site, low enough to stay a limit. */
export const SESSION_LIMIT_MAX = 10_000;
export const CEILING_MAX_DOLLARS = 1_000_000;

const limit = (required: string) =>
  z.number(required).int("errors.wholeNumber").min(1, "errors.atLeastOne").max(SESSION_LIMIT_MAX, "errors.tooLarge");

/**
 * The General tab's "Sites and limits" form; messages are keys of the `client-config` namespace.
 * The sites are one per line, each normalized to its origin (app/sites/site-origins.ts); an empty
 * ceiling means none.
 */
export const sitesFormSchema = z
  .object({
    allowedOrigins: z
      .string()
      .max(20 * 300, "errors.tooLong")
      .optional(),
    sessionsPerVisitorPerHour: limit("errors.required"),
    sessionsPerAddressPerHour: limit("errors.required"),
    monthlyUsageCeiling: z
      .number("errors.invalid")
      .int("errors.wholeNumber")
      .min(1, "errors.atLeastOne")
      .max(CEILING_MAX_DOLLARS, "errors.tooLarge")
      .optional(),
  })
  .superRefine((value, ctx) => {
    const lines = siteOriginLines(value.allowedOrigins ?? "");
    const bad = lines.find((line) => !line.origin);
    if (bad) ctx.addIssue({ code: "custom", path: ["allowedOrigins"], message: "errors.invalidSite" });
    else if (lines.length > MAX_SITE_ORIGINS)
      ctx.addIssue({ code: "custom", path: ["allowedOrigins"], message: "errors.tooManySites" });
    if (value.sessionsPerAddressPerHour < value.sessionsPerVisitorPerHour)
      ctx.addIssue({ code: "custom", path: ["sessionsPerAddressPerHour"], message: "errors.addressBelowVisitor" });
  })
  .transform((value) => ({
    allowedOrigins: siteOriginLines(value.allowedOrigins ?? "").flatMap((line) => (line.origin ? [line.origin] : [])),
    sessionsPerVisitorPerHour: value.sessionsPerVisitorPerHour,
    sessionsPerAddressPerHour: value.sessionsPerAddressPerHour,
    monthlyUsageCeilingCents: value.monthlyUsageCeiling === undefined ? null : value.monthlyUsageCeiling * 100,
  }));
