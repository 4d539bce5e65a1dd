import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { parseForm } from "~/components/ui/parse-form.ts";
import { Unplug } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { MessagingChannel } from "#db/vocabulary.ts";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { telegramFormSchema, whatsappFormSchema } from "../channel-schema.ts";
import type { ChannelTrialResult } from "../channel-trial.server.ts";
import type { ChannelsTabData } from "../channels-tab.server.ts";
import { ChannelTrial } from "./channel-trial.tsx";

export type ChannelsResult = { form: MessagingChannel; result: SubmissionResult<string[]> };

/**
 * The client page's Channels tab: WhatsApp (Cloud API) and Telegram (a bot). The tokens are never
 * shown again once saved, only their last four characters; an empty field keeps the saved one.
 */
export function ChannelsTab({
  clientId,
  channels,
  lastResult,
  trial,
}: {
  clientId: number;
  channels: ChannelsTabData;
  lastResult: ChannelsResult | undefined;
  /** The last check or test message, shown on its channel's card. */
  trial: ChannelTrialResult | undefined;
}) {
  const tabPath = `/admin/clients/${clientId}?tab=channels`;
  const { whatsapp, telegram } = channels;
  // A saved connection starts a fresh form: the token just typed is not kept in the field. Each key
  // names its card, since both are "undefined-undefined" while neither channel is connected.
  return (
    <div className="space-y-6">
      <WhatsAppCard
        key={`whatsapp-${whatsapp.connection?.tokenEnding}-${whatsapp.connection?.appSecretEnding}`}
        tabPath={tabPath}
        whatsapp={channels.whatsapp}
        lastResult={lastResult?.form === "whatsapp" ? lastResult.result : undefined}
        trial={trial?.channel === "whatsapp" ? trial : undefined}
      />
      <TelegramCard
        key={`telegram-${telegram?.botId}-${telegram?.tokenEnding}`}
        tabPath={tabPath}
        telegram={channels.telegram}
        lastResult={lastResult?.form === "telegram" ? lastResult.result : undefined}
        trial={trial?.channel === "telegram" ? trial : undefined}
      />
    </div>
  );
}

function WhatsAppCard({
  tabPath,
  whatsapp,
  lastResult,
  trial,
}: {
  tabPath: string;
  whatsapp: ChannelsTabData["whatsapp"];
  lastResult: SubmissionResult<string[]> | undefined;
  trial: ChannelTrialResult | undefined;
}) {
  const { t } = useTranslation("channels");
  const busy = useNavigation().state !== "idle";
  const connection = whatsapp.connection;
  const [form, fields] = useForm({
    id: "channel-whatsapp",
    lastResult,
    defaultValue: { phoneNumberId: connection?.phoneNumberId ?? "" },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: whatsappFormSchema }),
  });
  return (
    <TitledCard id="whatsapp-title" title={t("tab.whatsapp.title")} description={t("tab.whatsapp.description")}>
      <div className="space-y-4">
        {connection ? (
          <Alert tone="success">{t("tab.whatsapp.connected", { id: connection.phoneNumberId })}</Alert>
        ) : null}
        <CopyRow label={t("tab.webhookUrl")} value={whatsapp.webhookUrl} copyLabel={t("tab.copy")} />
        {connection ? (
          <CopyRow label={t("tab.whatsapp.verifyToken")} value={connection.verifyToken} copyLabel={t("tab.copy")} />
        ) : (
          <p className="text-sm text-slate-600">{t("tab.whatsapp.verifyTokenLater")}</p>
        )}
        <FormMessages ns="channels">
          <Form method="post" action={tabPath} {...getFormProps(form)} className="max-w-2xl space-y-4">
            <input type="hidden" name="intent" value="connect-whatsapp" />
            <FormErrors form={form} />
            <TextField
              field={fields.phoneNumberId}
              label={t("tab.whatsapp.phoneNumberId")}
              dir="ltr"
              inputMode="numeric"
              autoComplete="off"
            />
            <TextField
              field={fields.accessToken}
              type="password"
              label={t("tab.whatsapp.accessToken")}
              hint={savedHint(t, connection?.tokenEnding)}
              dir="ltr"
              autoComplete="off"
            />
            <TextField
              field={fields.appSecret}
              type="password"
              label={t("tab.whatsapp.appSecret")}
              hint={savedHint(t, connection?.appSecretEnding)}
              dir="ltr"
              autoComplete="off"
            />
            <Button type="submit" disabled={busy}>
              {t("tab.save")}
            </Button>
          </Form>
        </FormMessages>
        {connection ? <DisconnectButton tabPath={tabPath} channel="whatsapp" busy={busy} /> : null}
        {connection ? <ChannelTrial tabPath={tabPath} channel="whatsapp" trial={trial} /> : null}
      </div>
    </TitledCard>
  );
}

function TelegramCard({
  tabPath,
  telegram,
  lastResult,
  trial,
}: {
  tabPath: string;
  telegram: ChannelsTabData["telegram"];
  lastResult: SubmissionResult<string[]> | undefined;
  trial: ChannelTrialResult | undefined;
}) {
  const { t } = useTranslation("channels");
  const busy = useNavigation().state !== "idle";
  const [form, fields] = useForm({
    id: "channel-telegram",
    lastResult,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: telegramFormSchema }),
  });
  return (
    <TitledCard id="telegram-title" title={t("tab.telegram.title")} description={t("tab.telegram.description")}>
      <div className="space-y-4">
        {telegram ? (
          <>
            <Alert tone="success">{t("tab.telegram.connected", { id: telegram.botId })}</Alert>
            <CopyRow label={t("tab.webhookUrl")} value={telegram.webhookUrl} copyLabel={t("tab.copy")} />
          </>
        ) : null}
        <FormMessages ns="channels">
          <Form method="post" action={tabPath} {...getFormProps(form)} className="max-w-2xl space-y-4">
            <input type="hidden" name="intent" value="connect-telegram" />
            <FormErrors form={form} />
            <TextField
              field={fields.botToken}
              type="password"
              label={t("tab.telegram.botToken")}
              hint={savedHint(t, telegram?.tokenEnding) ?? t("tab.telegram.botTokenHint")}
              dir="ltr"
              autoComplete="off"
            />
            <Button type="submit" disabled={busy}>
              {t("tab.telegram.save")}
            </Button>
          </Form>
        </FormMessages>
        {telegram ? <DisconnectButton tabPath={tabPath} channel="telegram" busy={busy} /> : null}
        {telegram ? <ChannelTrial tabPath={tabPath} channel="telegram" trial={trial} /> : null}
      </div>
    </TitledCard>
  );
}

const savedHint = (t: (key: string, values?: Record<string, unknown>) => string, ending: string | null | undefined) =>
  ending ? t("tab.savedEnding", { ending }) : undefined;

function CopyRow({ label, value, copyLabel }: { label: string; value: string; copyLabel: string }) {
  return (
    <div className="space-y-1">
      <p className="text-sm font-medium text-slate-700">{label}</p>
      <div className="flex flex-wrap items-center gap-3">
        <code dir="ltr" className="rounded bg-slate-100 px-2 py-1 text-sm break-all select-all">
          {value}
        </code>
        <CopyButton text={value} label={copyLabel} />
      </div>
    </div>
  );
}

function DisconnectButton({ tabPath, channel, busy }: { tabPath: string; channel: MessagingChannel; busy: boolean }) {
  const { t } = useTranslation("channels");
  return (
    <Form method="post" action={tabPath}>
      <input type="hidden" name="intent" value="disconnect-channel" />
      <input type="hidden" name="channel" value={channel} />
      <Button type="submit" variant="secondary" disabled={busy}>
        <Unplug className="h-4 w-4" aria-hidden="true" />
        {t(`tab.${channel}.disconnect`)}
      </Button>
    </Form>
  );
}
