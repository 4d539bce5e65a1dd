import { parseWithZod } from "@conform-to/zod/v4";
import { Download, ExternalLink, Plus, Search, Settings, Users } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { data, Form, Link } from "react-router";
import { dataWithError, dataWithSuccess, dataWithWarning, redirectWithError, redirectWithSuccess, redirectWithWarning } from "remix-toast";
import { z } from "zod";
import type { Route } from "./+types/clients";
import { testOutcomeOf } from "~/checks/full-client-test.server.ts";
import { runRecordedFullClientTest } from "~/checks/system-checks.server.ts";
import { clientIdSchema, clientListQuerySchema, CLIENT_LIMITS, newClientSchema, STATUS_FILTERS } from "~/clients/client-schema.ts";
import { AddClientForm, ADD_CLIENT_INTENT } from "~/clients/components/add-client-form.tsx";
import { IntegrationTestButton, TEST_INTENT, type TestReply } from "~/clients/components/integration-test-button.tsx";
import { ClientStatusBadge } from "~/clients/components/status-badge.tsx";
import { useHydrated } from "~/components/ui/use-hydrated.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { Dialog, DialogContent, DialogTrigger } from "~/components/ui/dialog.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { CheckboxField, SelectField, TextField } from "~/components/ui/form-fields.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { ResponsiveTable, type Column } from "~/components/ui/responsive-table.tsx";
import { databaseContext, envContext } from "~/context.ts";
import { useCodeLabels } from "~/i18n/code-labels.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { isDataRequest } from "~/landing/public-form.server.ts";
import { createClient, findClientById, listClients } from "~/models/client.server.ts";
import { serverUrlFor } from "~/plugin/download.server.ts";

const intentSchema = z.enum([ADD_CLIENT_INTENT, TEST_INTENT]);

export const handle = { i18n: ["clients"] };

export async function loader({ url, context }: Route.LoaderArgs) {
  const query = clientListQuerySchema.parse(Object.fromEntries(url.searchParams));
  const clients = await listClients(context.get(databaseContext), {
    search: query.q || undefined,
    status: query.status === "all" ? undefined : query.status,
    withDemo: query.demo === "show",
  });
  return {
    title: getTranslator(context)("title", { ns: "clients" }),
    query,
    // `?add` opens the add-client section: the dialog's address without JavaScript.
    adding: url.searchParams.has("add"),
    clients: clients.map(({ id, businessName, websiteDomain, businessType, plan, status, licenseKey, isDemo }) => ({
      id,
      isDemo,
      businessName,
      websiteDomain,
      businessType,
      plan,
      status,
      licenseKey,
    })),
  };
}

export async function action({ request, url, context }: Route.ActionArgs) {
  const t = getTranslator(context);
  const tc = (key: string, values?: Record<string, unknown>) => t(key, { ns: "clients", ...values });
  const db = context.get(databaseContext);
  const formData = await request.formData();
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) throw data(null, { status: 400 });

  if (intent.data === ADD_CLIENT_INTENT) {
    const submission = parseWithZod(formData, { schema: newClientSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const client = await createClient(db, submission.value);
    return redirectWithSuccess(`/admin/clients/${client.id}`, {
      message: tc("add.created"),
      description: tc("add.createdDescription", { name: client.businessName }),
    });
  }

  const id = clientIdSchema.safeParse(formData.get("clientId"));
  const client = id.success ? await findClientById(db, id.data) : undefined;
  if (!client) throw data(null, { status: 404 });
  const enhanced = isDataRequest(request);
  const back = `${url.pathname}${url.search}`;
  try {
    const result = await runRecordedFullClientTest({
      db,
      client,
      serverUrl: serverUrlFor(context.get(envContext), request),
      env: context.get(envContext),
      language: context.get(languageContext),
      t: tc,
    });
    const outcome = testOutcomeOf(result.summary);
    const reply: TestReply = { test: { clientId: client.id, outcome, ...result.summary } };
    const values = result.summary;
    if (outcome === "passed") {
      const toast = { message: tc("test.allPassed"), description: tc("test.allPassedDescription", values) };
      return enhanced ? dataWithSuccess(reply, toast) : redirectWithSuccess(back, toast);
    }
    const toast = { message: tc("test.issues"), description: tc("test.issuesDescription", values) };
    if (outcome === "partial") return enhanced ? dataWithWarning(reply, toast) : redirectWithWarning(back, toast);
    return enhanced ? dataWithError(reply, toast) : redirectWithError(back, toast);
  } catch {
    const reply: TestReply = { test: { clientId: client.id, outcome: "error", passed: 0, total: 0 } };
    return enhanced ? dataWithError(reply, tc("test.unable")) : redirectWithError(back, tc("test.unable"));
  }
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Clients"} | Alex` }];

type ClientRow = Route.ComponentProps["loaderData"]["clients"][number];

export default function Clients({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("clients");
  const { clients, query, adding } = loaderData;
  const hydrated = useHydrated();
  const labels = useCodeLabels();
  const lastResult = actionData && "result" in actionData ? actionData.result : undefined;
  const [dialogOpen, setDialogOpen] = useState(adding || lastResult !== undefined);
  const filtered = query.q !== "" || query.status !== "all";

  const columns: Column<ClientRow>[] = [
    {
      key: "business",
      header: t("list.columns.business"),
      cell: (client) => (
        <div className="min-w-0">
          <Link to={`/admin/clients/${client.id}`} className="font-medium text-brand-700 hover:underline" aria-label={t("list.details", { name: client.businessName })}>
            <bdi>{client.businessName}</bdi>
          </Link>
          {client.isDemo ? (
            <Badge tone="neutral" className="ms-2">
              {t("list.demoBadge")}
            </Badge>
          ) : null}
          <p className="text-slate-500" dir="ltr">
            {client.websiteDomain}
          </p>
        </div>
      ),
    },
    { key: "type", header: t("list.columns.type"), cell: (client) => labels.businessType(client.businessType) },
    { key: "plan", header: t("list.columns.plan"), cell: (client) => t(`plans.${client.plan}`) },
    { key: "status", header: t("list.columns.status"), cell: (client) => <ClientStatusBadge status={client.status} /> },
    {
      key: "license",
      header: t("list.columns.license"),
      cell: (client) => (
        <code dir="ltr" className="text-xs break-all text-slate-700">
          {client.licenseKey}
        </code>
      ),
    },
    {
      key: "actions",
      header: t("list.columns.actions"),
      cell: (client) => (
        <div className="flex flex-wrap gap-2">
          <Button asChild size="sm" variant="secondary">
            <Link to={`/admin/clients/${client.id}/config`}>
              <Settings className="h-4 w-4" aria-hidden="true" />
              {t("list.configure")}
              <span className="sr-only">{client.businessName}</span>
            </Link>
          </Button>
          {/* A suspended or cancelled client's chat only says it is unavailable. */}
          {client.status === "active" ? (
            <Button asChild size="sm" variant="secondary">
              <a
                href={`/api/wordpress/chat-ui?${new URLSearchParams({ license: client.licenseKey, lang: i18n.language })}`}
                target="_blank"
                rel="noopener noreferrer"
              >
                <ExternalLink className="h-4 w-4" aria-hidden="true" />
                {t("list.openChat")}
                <span className="sr-only">{t("list.openChatName", { name: client.businessName })}</span>
              </a>
            </Button>
          ) : null}
          <Button asChild size="sm" variant="secondary">
            <a href={`/api/download/plugin?clientId=${client.id}`} download>
              <Download className="h-4 w-4" aria-hidden="true" />
              {t("list.download")}
              <span className="sr-only">{client.businessName}</span>
            </a>
          </Button>
          <IntegrationTestButton clientId={client.id} businessName={client.businessName} />
        </div>
      ),
    },
  ];

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
            className="min-w-56 flex-1"
          />
          <SelectField
            name="status"
            label={t("list.statusFilter")}
            defaultValue={query.status}
            options={STATUS_FILTERS.map((status) => ({ value: status, label: status === "all" ? t("list.allStatuses") : t(`status.${status}`) }))}
          />
          <CheckboxField name="demo" value="show" label={t("list.showDemo")} hint={t("list.showDemoHint")} defaultChecked={query.demo === "show"} className="self-center" />
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
          <ResponsiveTable rows={clients} columns={columns} rowKey={(client) => client.id} label={t("list.label")} />
        ) : (
          <EmptyState
            icon={Users}
            title={filtered ? (query.q ? t("list.noMatch", { search: query.q }) : t("list.noMatchFilter")) : t("list.empty")}
            description={filtered ? undefined : t("list.emptyDescription")}
            className="m-4"
          />
        )}
      </Card>
    </div>
  );
}
