import { Plus, Search, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link } from "react-router";
import type { Route } from "./+types/clients";
import { CLIENT_LIMITS, STATUS_FILTERS } from "~/clients/client-schema.ts";
import { handleClientsAction, loadClientsPage } from "~/clients/clients-page.server.ts";
import { AddClientForm } from "~/clients/components/add-client-form.tsx";
import { ClientTable } from "~/clients/components/client-table.tsx";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { CheckboxField, SelectField, TextField } from "~/components/ui/form-fields.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { isDataRequest } from "~/landing/public-form.server.ts";
import { serverUrlFor } from "~/plugin/download.server.ts";

export const handle = { i18n: ["clients"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  return {
    title: getTranslator(context)("title", { ns: "clients" }),
    ...(await loadClientsPage(context.get(databaseContext), url.searchParams)),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const env = context.get(envContext);
  return handleClientsAction(await request.formData(), {
    db: context.get(databaseContext),
    env,
    language: context.get(languageContext),
    serverUrl: serverUrlFor(env, request),
    enhanced: isDataRequest(request),
    backPath: `${url.pathname}${url.search}`,
    t: getTranslator(context),
  });
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Clients"} | Alex` }];

export default function Clients({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("clients");
  const { clients, query, adding, searchProblem } = loaderData;
  const hydrated = useHydrated();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const [dialogOpen, setDialogOpen] = useState(adding || lastResult !== undefined);
  const filtered = query.q !== "" || query.status !== "all";

  const addButton = hydrated ? (
    <Dialog open={dialogOpen} onOpenChange={setDialogOpen}>
      <DialogTrigger asChild>
        <Button>
          <Plus className="h-4 w-4" aria-hidden="true" />
          {t("add.open")}
        </Button>
      </DialogTrigger>
      <DialogContent title={t("add.title")} description={t("add.description")}>
        <AddClientForm lastResult={lastResult} onCancel={() => setDialogOpen(false)} />
      </DialogContent>
    </Dialog>
  ) : (
    <Button asChild>
      <a href="?add#add-client-section">
        <Plus className="h-4 w-4" aria-hidden="true" />
        {t("add.open")}
      </a>
    </Button>
  );

  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("subtitle")} actions={addButton} />

      {!hydrated && (adding || lastResult) ? (
        <Card id="add-client-section" aria-labelledby="add-client-title" className="max-w-xl space-y-3">
          <h2 id="add-client-title" className="text-lg font-semibold">
            {t("add.title")}
          </h2>
          <p className="text-sm text-slate-600">{t("add.description")}</p>
          <AddClientForm lastResult={lastResult} />
        </Card>
      ) : null}

      <Card className="p-0">
        <Form method="get" role="search" className="flex flex-wrap items-end gap-3 border-b border-slate-100 p-4">
          <TextField
            type="search"
            name="q"
            label={t("list.search")}
            placeholder={t("list.searchPlaceholder")}
            defaultValue={query.q}
            maxLength={CLIENT_LIMITS.search}
            errors={
              searchProblem === "tooLong"
                ? [t("list.searchTooLong", { max: CLIENT_LIMITS.search })]
                : searchProblem === "tooSlow"
                  ? [t("list.searchTooSlow")]
                  : undefined
            }
            className="min-w-56 flex-1"
          />
          <SelectField
            name="status"
            label={t("list.statusFilter")}
            defaultValue={query.status}
            options={STATUS_FILTERS.map((status) => ({
              value: status,
              label: status === "all" ? t("list.allStatuses") : t(`status.${status}`),
            }))}
          />
          <CheckboxField
            name="demo"
            value="show"
            label={t("list.showDemo")}
            hint={t("list.showDemoHint")}
            defaultChecked={query.demo === "show"}
            className="self-center"
          />
          <Button type="submit" variant="secondary">
            <Search className="h-4 w-4" aria-hidden="true" />
            {t("list.apply")}
          </Button>
          {filtered ? (
            <Button asChild variant="ghost">
              <Link to="/admin/clients">{t("list.clear")}</Link>
            </Button>
          ) : null}
        </Form>
        <p className="px-4 pt-3 text-sm text-slate-600" role="status">
          {t("list.count", { count: clients.length })}
        </p>
        {clients.length > 0 ? (
          <ClientTable clients={clients} />
        ) : (
          <EmptyState
            icon={Users}
            title={
              filtered
                ? query.q && searchProblem === undefined
                  ? t("list.noMatch", { search: query.q })
                  : t("list.noMatchFilter")
                : t("list.empty")
            }
            description={filtered ? undefined : t("list.emptyDescription")}
            className="m-4"
          />
        )}
      </Card>
    </div>
  );
}
