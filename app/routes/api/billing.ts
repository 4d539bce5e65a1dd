import type { Route } from "./+types/billing";
import { apiFilterFromSearch } from "~/billing/billing-schema.ts";
import { databaseContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { listBillingRecords } from "~/models/billing.server.ts";
import { jsonAnswer, readOnlyRoute } from "~/server/json-api.server.ts";

const MAX_RECORDS = 1000;

/** The billing records (money in dollars, with the cents beside), optionally filtered like the page; operator-only. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const parsed = apiFilterFromSearch(url.searchParams);
  if (!parsed.ok) {
    const error = getTranslator(context)("errors.invalidParameter", { ns: "billing", parameter: parsed.parameter });
    return Response.json({ error }, { status: 400, headers: { "Cache-Control": "private, no-store" } });
  }
  const { filter } = parsed;
  const records = await listBillingRecords(
    context.get(databaseContext),
    { clientId: filter.clientId, billingPeriod: filter.period, status: filter.status },
    { limit: MAX_RECORDS },
  );
  return jsonAnswer(
    records.map((record) => ({
      id: record.id,
      clientId: record.clientId,
      businessName: record.businessName,
      billingPeriod: record.billingPeriod,
      sessionId: record.sessionId,
      baseFee: record.baseFeeCents / 100,
      usageFees: record.usageFeesCents / 100,
      totalAmount: record.totalCents / 100,
      baseFeeCents: record.baseFeeCents,
      usageFeesCents: record.usageFeesCents,
      totalCents: record.totalCents,
      currency: record.currency,
      status: record.status,
      // The bill's public pay page, to send the client (a month in progress shows what it comes to so far).
      payPath: `/pay/${record.payToken}`,
      paidAt: record.paidAt,
      createdAt: record.createdAt,
    })),
  );
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
