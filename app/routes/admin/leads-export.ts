import type { Route } from "./+types/leads-export";
import { INVESTMENT_CURRENCY } from "~/invest/inquiry-schema.ts";
import { databaseContext, envContext } from "~/context.ts";
import { isLanguage } from "~/i18n/config.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { LEAD_LISTS, leadListOfSlug } from "~/leads/lead-lists.ts";
import { csvDateTime, csvResponse, everyRow, type CsvColumn } from "~/lib/csv.server.ts";
import { listContactLeads, type ContactLead } from "~/models/contact-lead.server.ts";
import { listInvestmentInquiries, type InvestmentInquiry } from "~/models/investment-inquiry.server.ts";
import { listNewsletterSubscribers, type NewsletterSubscriber } from "~/models/newsletter-subscriber.server.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

const PAGE_SIZE = 500;

/** The Leads page's lists as CSV files, every row, newest first; headers in the operator's language, dates in TZ_DISPLAY. */
export function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const timeZone = context.get(envContext).TZ_DISPLAY;
  const t = getTranslator(context);
  const header = (key: string) => t(`leads.columns.${key}`, { ns: "admin" });
  const date = { header: header("date"), value: (row: { createdAt: Date }) => csvDateTime(row.createdAt, timeZone) };
  const language = { header: header("language"), value: (row: { language: string }) => row.language };

  const list = leadListOfSlug(params.list);
  if (!list)
    return new Response(t("notFound.title"), { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  recordAccess(context, { action: "export_leads" });
  const filename = `${LEAD_LISTS[list].slug}-${csvDateTime(new Date(), timeZone).slice(0, 10)}.csv`;

  switch (list) {
    case "inquiries": {
      const columns: CsvColumn<InvestmentInquiry>[] = [
        date,
        { header: header("name"), value: (row) => row.name },
        { header: header("email"), value: (row) => row.email },
        { header: header("phone"), value: (row) => row.phone },
        { header: header("company"), value: (row) => row.company },
        { header: header("amount"), value: (row) => row.investmentAmount },
        {
          header: header("currency"),
          value: (row) => INVESTMENT_CURRENCY[isLanguage(row.language) ? row.language : "he"],
        },
        { header: header("expertise"), value: (row) => row.expertise },
        { header: header("message"), value: (row) => row.message },
        language,
      ];
      const rows = everyRow(PAGE_SIZE, (afterId) => listInvestmentInquiries(db, { limit: PAGE_SIZE, afterId }));
      return csvResponse({ filename, columns, rows });
    }
    case "contacts": {
      const columns: CsvColumn<ContactLead>[] = [
        date,
        { header: header("fullName"), value: (row) => row.fullName },
        { header: header("phone"), value: (row) => row.phone },
        { header: header("email"), value: (row) => row.email },
        {
          header: header("marketingConsent"),
          value: (row) => t(row.marketingConsent ? "leads.yes" : "leads.no", { ns: "admin" }),
        },
        language,
      ];
      const rows = everyRow(PAGE_SIZE, (afterId) => listContactLeads(db, { limit: PAGE_SIZE, afterId }));
      return csvResponse({ filename, columns, rows });
    }
    case "newsletter": {
      const columns: CsvColumn<NewsletterSubscriber>[] = [
        date,
        { header: header("email"), value: (row) => row.email },
        language,
      ];
      const rows = everyRow(PAGE_SIZE, (afterId) => listNewsletterSubscribers(db, { limit: PAGE_SIZE, afterId }));
      return csvResponse({ filename, columns, rows });
    }
  }
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
