import { z } from "zod";
import type { Route } from "./+types/billing-payments-export";
import { paymentsCsv } from "~/billing/payments-export.server.ts";
import { isBillingPeriod, type BillingPeriod } from "~/billing/periods.ts";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { jsonError, readOnlyRoute } from "~/server/json-api.server.ts";

const monthSchema = z
  .string()
  .refine(isBillingPeriod)
  .transform((value) => value as BillingPeriod);

/** The month's payments as CSV for the accountant (?month=YYYY-MM): a missing or unreadable month is a 400 naming it. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const month = monthSchema.safeParse(url.searchParams.get("month") ?? "");
  if (!month.success) return jsonError(400, t("errors.periodInvalid", { ns: "billing" }));
  recordAccess(context, { action: "export_billing" });
  return paymentsCsv(context.get(databaseContext), {
    month: month.data,
    timeZone: context.get(envContext).TZ_DISPLAY,
    header: (key) => t(`paymentsExport.${key}`, { ns: "billing" }),
    label: (key) => t(`paymentsExport.${key}`, { ns: "billing" }),
  });
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
