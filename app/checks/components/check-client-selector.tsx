import { Activity } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import type { SystemStatusPageData } from "../system-status-page.server.ts";

/** Which client the checks run against (the page reloads on a choice; Show without JavaScript), and its license key. */
export function CheckClientSelector({
  clients,
  client,
  tab,
}: Pick<SystemStatusPageData, "clients" | "client" | "tab">) {
  const { t } = useTranslation("checks");
  return (
    <Card className="space-y-2">
      {clients.length === 0 ? (
        <EmptyState icon={Activity} title={t("selector.none")} />
      ) : (
        <Form method="get" className="flex flex-wrap items-end gap-3">
          <input type="hidden" name="tab" value={tab} />
          <label className="flex min-w-0 flex-col gap-1 text-sm font-medium text-slate-700">
            {t("selector.label")}
            <select
              name="clientId"
              defaultValue={client?.id}
              key={client?.id}
              onChange={(event) => event.currentTarget.form?.requestSubmit()}
              className="h-10 max-w-full rounded-lg border border-slate-300 bg-white px-3 text-slate-900"
            >
              {clients.map((option) => (
                <option key={option.id} value={option.id}>
                  {option.businessName}
                </option>
              ))}
            </select>
          </label>
          <Button type="submit" variant="secondary">
            {t("selector.show")}
          </Button>
        </Form>
      )}
      {client ? (
        <p className="text-sm text-slate-600">
          {t("selector.license")}:{" "}
          <code dir="ltr" className="rounded bg-slate-100 px-1.5 py-0.5 break-all text-slate-900">
            {client.licenseKey}
          </code>
        </p>
      ) : null}
    </Card>
  );
}
