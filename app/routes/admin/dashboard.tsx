import { Plus } from "lucide-react";
import { Suspense } from "react";
import { useTranslation } from "react-i18next";
import { Await, Link } from "react-router";
import type { Route } from "./+types/dashboard";
import { ActivityList, HighUsageList, ListSkeleton } from "~/analytics/components/dashboard-lists.tsx";
import { StatCards, StatsSkeleton } from "~/analytics/components/dashboard-stats.tsx";
import { loadDashboardPage } from "~/analytics/dashboard-page.server.ts";
import { Button } from "~/components/ui/button.tsx";
import { Card, TitledCard } from "~/components/ui/card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";

export async function loader({ context }: Route.LoaderArgs) {
  return {
    title: getTranslator(context)("dashboard.title", { ns: "admin" }),
    ...(await loadDashboardPage(context.get(databaseContext), context.get(envContext).TZ_DISPLAY)),
  };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Dashboard"} | Alex` }];

export default function Dashboard({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("dashboard.title")}
        actions={
          <Button asChild>
            {/* The clients page opens its add dialog at ?add, and without JavaScript shows its add section there. */}
            <Link to="/admin/clients?add#add-client-section">
              <Plus className="h-4 w-4" aria-hidden="true" />
              {t("dashboard.addClient")}
            </Link>
          </Button>
        }
      />

      <Suspense fallback={<StatsSkeleton label={t("dashboard.loading")} />}>
        <Await resolve={loaderData.stats}>{(stats) => <StatCards stats={stats} />}</Await>
      </Suspense>

      <div className="grid gap-6 lg:grid-cols-3">
        <Card className="lg:col-span-2" aria-labelledby="recent-activity">
          <h2 id="recent-activity" className="mb-4 text-lg font-semibold">
            {t("dashboard.recentActivity")}
          </h2>
          <Suspense fallback={<ListSkeleton rows={5} />}>
            <Await resolve={loaderData.activity}>
              {(events) => <ActivityList events={events} now={loaderData.now} timeZone={loaderData.timeZone} />}
            </Await>
          </Suspense>
        </Card>
        <TitledCard id="high-usage" title={t("dashboard.highUsage")}>
          <Suspense fallback={<ListSkeleton rows={3} />}>
            <Await resolve={loaderData.clients}>{(clients) => <HighUsageList {...clients} />}</Await>
          </Suspense>
        </TitledCard>
      </div>
    </div>
  );
}
