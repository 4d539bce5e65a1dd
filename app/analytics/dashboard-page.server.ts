import type { Database } from "#db/connection.ts";
import type { BillingCurrency } from "#db/price-list.ts";
import { monthlyRevenue } from "~/billing/billing.server.ts";
import {
  countClients,
  getDashboardStats,
  periodBoundaries,
  listHighUsageClients,
  listRecentActivity,
  type Comparison,
  type DashboardStats,
} from "~/models/stats.server.ts";
import { streamed } from "~/server/streamed.server.ts";

const HIGH_USAGE_WINDOW_DAYS = 30;

/**
 * The dashboard's figures: the monthly revenue comes from billing, so it always agrees with the bills,
 * in US cents with each currency's own sum beside it.
 */
export type DashboardFigures = DashboardStats & {
  monthlyRevenueCents: Comparison & { byCurrency: Partial<Record<BillingCurrency, number>> };
};

/** What /admin/dashboard shows; the figures, the activity and the clients stream in as they come. */
export async function loadDashboardPage(db: Database, timeZone: string) {
  const periods = periodBoundaries(timeZone);
  const highUsageSince = new Date(periods.now.getTime() - HIGH_USAGE_WINDOW_DAYS * 24 * 60 * 60 * 1000);
  return {
    now: periods.now,
    timeZone,
    stats: streamed(
      Promise.all([getDashboardStats(db, periods), monthlyRevenue(db, { timeZone, now: periods.now })]).then(
        ([stats, monthlyRevenueCents]): DashboardFigures => ({ ...stats, monthlyRevenueCents }),
      ),
    ),
    activity: streamed(listRecentActivity(db, 8)),
    clients: streamed(
      Promise.all([countClients(db), listHighUsageClients(db, highUsageSince, 3)]).then(([total, highUsage]) => ({
        total,
        highUsage,
      })),
    ),
  };
}
