import { z } from "zod";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/billing";
import { loadClientBills } from "~/billing/client-bills.server.ts";
import { TitledCard } from "~/components/ui/card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { Pagination } from "~/components/ui/pagination.tsx";
import { databaseContext, envContext, portalClientContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { PortalBills, PortalMonthUsage, PortalTaxDocuments } from "~/portal/billing-bills.tsx";

/** A page number that is not one reads as the first. */
const pageSchema = z.coerce.number().int().min(1).max(100_000).catch(1);

export const handle = { i18n: ["portal-business", "billing"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const env = context.get(envContext);
  const timeZone = env.TZ_DISPLAY;
  const bills = await loadClientBills(context.get(databaseContext), context.get(portalClientContext), {
    page: pageSchema.parse(url.searchParams.get("page") ?? undefined),
    timeZone,
    now: new Date(),
  });
  return {
    title: getTranslator(context)("billing.title", { ns: "portal-business" }),
    timeZone,
    morningConfigured: Boolean(env.MORNING_API_KEY_ID && env.MORNING_API_KEY_SECRET),
    ...bills,
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Bills"} | Alex` }];

export default function PortalBilling({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("portal-business");
  const { month, bills, page, pageCount, timeZone, morningConfigured, taxDocuments } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader title={t("billing.title")} description={t("billing.subtitle")} />
      <PortalMonthUsage month={month} timeZone={timeZone} />
      <TitledCard id="bills-title" title={t("billing.bills.title")}>
        <PortalBills bills={bills} timeZone={timeZone} morningConfigured={morningConfigured} />
        <Pagination page={page} pageCount={pageCount} className="border-t border-slate-100 pt-4" />
      </TitledCard>
      <TitledCard id="tax-documents-title" title={t("billing.documents.title")}>
        <PortalTaxDocuments documents={taxDocuments} timeZone={timeZone} />
      </TitledCard>
    </div>
  );
}
