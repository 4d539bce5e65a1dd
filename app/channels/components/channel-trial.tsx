import { getFormProps, useForm } from "@conform-to/react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import type { MessagingChannel } from "#db/vocabulary.ts";
import { CheckMessage, DetailsList } from "~/checks/components/check-card.tsx";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { FormErrors, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { checkChannelSchema, testMessageSchema } from "../channel-schema.ts";
import type { ChannelTrialResult, TrialOutcome } from "../channel-trial.server.ts";

/**
 * A connected channel's tries, at the foot of its card: check the connection, and send a test
 * message. Both are plain posts of the page, so they work without JavaScript; the answer comes
 * back in words, with what the channel said behind a toggle.
 */
export function ChannelTrial({
  tabPath,
  channel,
  trial,
}: {
  tabPath: string;
  channel: MessagingChannel;
  /** The page's last try, if it was this channel's. */
  trial: ChannelTrialResult | undefined;
}) {
  const { t } = useTranslation("channels");
  const navigation = useNavigation();
  const pending = (intent: string) =>
    navigation.formData?.get("intent") === intent && navigation.formData.get("channel") === channel;
  const busy = navigation.state !== "idle";
  const check = trial?.intent === "check-channel" ? trial : undefined;
  const send = trial?.intent === "send-test-message" ? trial : undefined;
  const [checkForm] = useForm({
    id: `trial-check-${channel}`,
    lastResult: check?.result,
    onValidate: ({ formData }) => parseForm(formData, { schema: checkChannelSchema }),
  });
  const [sendForm, fields] = useForm({
    id: `trial-send-${channel}`,
    lastResult: send?.result,
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema: testMessageSchema }),
  });
  const titleId = `trial-${channel}-title`;
  return (
    <section aria-labelledby={titleId} className="space-y-4 border-t border-slate-200 pt-4">
      <div className="space-y-1">
        <h3 id={titleId} className="text-base font-semibold text-slate-900">
          {t("trial.title")}
        </h3>
        <p className="text-sm text-slate-600">{t("trial.description")}</p>
      </div>
      <FormMessages ns="channels">
        <Form method="post" action={tabPath} {...getFormProps(checkForm)} className="space-y-3">
          <input type="hidden" name="intent" value="check-channel" />
          <input type="hidden" name="channel" value={channel} />
          <FormErrors form={checkForm} />
          <Button type="submit" variant="secondary" disabled={busy}>
            {pending("check-channel") ? t("trial.checking") : t("trial.check")}
          </Button>
        </Form>
        {check?.outcome ? (
          <TrialAnswer channel={channel} label={t("trial.checkResult")} outcome={check.outcome} />
        ) : null}
        <Form method="post" action={tabPath} {...getFormProps(sendForm)} className="max-w-2xl space-y-3">
          <input type="hidden" name="intent" value="send-test-message" />
          <input type="hidden" name="channel" value={channel} />
          <FormErrors form={sendForm} />
          <TextField
            field={fields.to}
            label={t(`trial.to.${channel}`)}
            hint={t(`trial.toHint.${channel}`)}
            dir="ltr"
            inputMode={channel === "whatsapp" ? "tel" : "numeric"}
            autoComplete="off"
          />
          <Button type="submit" disabled={busy}>
            {pending("send-test-message") ? t("trial.sending") : t("trial.send")}
          </Button>
        </Form>
        {send?.outcome ? <TrialAnswer channel={channel} label={t("trial.sendResult")} outcome={send.outcome} /> : null}
      </FormMessages>
    </section>
  );
}

/** A try's answer as the system status page shows a check's: words, then the raw facts behind toggles. */
function TrialAnswer({ channel, label, outcome }: { channel: MessagingChannel; label: string; outcome: TrialOutcome }) {
  const { t } = useTranslation(["channels", "checks"]);
  const name = t(`trial.names.${channel}`, { ns: "channels" });
  return (
    <Alert tone={outcome.ok ? "success" : "error"} title={label}>
      <div className="space-y-2">
        <CheckMessage
          explanation={outcome.explanation}
          message=""
          rawLabel={t("trial.rawError", { ns: "channels", channel: name })}
        />
        {Object.keys(outcome.details).length > 0 ? (
          <details>
            <summary className="cursor-pointer text-xs font-medium underline">
              {t("card.details", { ns: "checks" })}
            </summary>
            <div className="mt-2">
              <DetailsList details={outcome.details} />
            </div>
          </details>
        ) : null}
      </div>
    </Alert>
  );
}
