import { Ban, CircleCheck, PauseCircle } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { ClientStatus } from "#db/vocabulary.ts";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm.tsx";
import { formatEventTime } from "~/lib/format.ts";
import type { ClientPageData } from "../client-page.server.ts";
import { HARMFUL_STATUSES } from "../client-tabs.ts";
import { ClientStatusBadge } from "./status-badge.tsx";

const STATUS_BUTTONS: {
  status: ClientStatus;
  key: string;
  icon: typeof CircleCheck;
  variant: "primary" | "secondary" | "danger";
}[] = [
  { status: "active", key: "activate", icon: CircleCheck, variant: "primary" },
  { status: "suspended", key: "suspend", icon: PauseCircle, variant: "secondary" },
  { status: "cancelled", key: "cancel", icon: Ban, variant: "danger" },
];

/** The client page's Settings tab: Activate, Suspend and Cancel (the last two asked for first), and the status history. */
export function ClientSettings({
  data: { client, timeZone, now },
  history,
  confirmStatus,
}: {
  data: ClientPageData;
  history: { id: number; fromStatus: ClientStatus; toStatus: ClientStatus; changedAt: Date; operator: string | null }[];
  confirmStatus: ClientStatus | undefined;
}) {
  const { t, i18n } = useTranslation("clients");
  const navigation = useNavigation();
  const submitting = navigation.state !== "idle" && navigation.formData?.has("status") === true;
  const settingsPath = `/admin/clients/${client.id}?tab=settings`;
  const confirmText = (key: string) => ({
    title: t(`detail.settings.confirm.${key}.title`, { name: client.businessName }),
    description: t(`detail.settings.confirm.${key}.description`, { name: client.businessName }),
    confirmLabel: t(`detail.settings.${key}`),
  });
  const asked = STATUS_BUTTONS.find((button) => button.status === confirmStatus && client.status !== confirmStatus);
  return (
    <div className="space-y-6">
      <TitledCard
        id="account-status-title"
        title={t("detail.settings.title")}
        description={t("detail.settings.description")}
        className="space-y-4"
      >
        <p>{t("detail.settings.current", { status: t(`status.${client.status}`) })}</p>
        {asked ? (
          <ConfirmStep
            {...confirmText(asked.key)}
            fields={{ status: asked.status }}
            action={settingsPath}
            cancelTo={settingsPath}
          />
        ) : (
          <div className="flex flex-wrap gap-3">
            {STATUS_BUTTONS.map(({ status, key, icon: Icon, variant }) => {
              const formId = `status-${status}`;
              const disabled = client.status === status || submitting;
              const label = (
                <>
                  <Icon className="h-4 w-4" aria-hidden="true" />
                  {t(`detail.settings.${key}`)}
                </>
              );
              return (
                <Form key={status} id={formId} method="post" action={settingsPath}>
                  <input type="hidden" name="status" value={status} />
                  {HARMFUL_STATUSES.includes(status) ? (
                    <ConfirmButton form={formId} {...confirmText(key)} variant={variant} disabled={disabled}>
                      {label}
                    </ConfirmButton>
                  ) : (
                    <Button type="submit" variant={variant} disabled={disabled}>
                      {label}
                    </Button>
                  )}
                </Form>
              );
            })}
          </div>
        )}
      </TitledCard>
      <TitledCard id="status-history-title" title={t("detail.settings.history")}>
        {history.length === 0 ? (
          <p className="text-slate-600">{t("detail.settings.historyEmpty")}</p>
        ) : (
          <ol className="divide-y divide-slate-100">
            {history.map((change) => (
              <li key={change.id} className="flex flex-wrap items-center justify-between gap-2 py-3">
                <span className="flex items-center gap-2">
                  <ClientStatusBadge status={change.fromStatus} />
                  <span aria-hidden="true">{i18n.dir() === "rtl" ? "←" : "→"}</span>
                  <ClientStatusBadge status={change.toStatus} />
                </span>
                <span className="text-sm text-slate-600">
                  {formatEventTime(new Date(change.changedAt), new Date(now), i18n.language, timeZone)} ·{" "}
                  {change.operator
                    ? t("detail.settings.by", { operator: change.operator })
                    : t("detail.settings.bySystem")}
                </span>
              </li>
            ))}
          </ol>
        )}
      </TitledCard>
    </div>
  );
}
