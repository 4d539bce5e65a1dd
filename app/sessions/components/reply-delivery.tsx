import clsx from "clsx";
import { AlertTriangle, CheckCheck, Clock } from "lucide-react";
import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { ReplyDelivery } from "../session-types.ts";

type Outcome = { icon: ReactNode; text: string; tone: string };

/** Delivered (on which channel), why not, or still on its way: a person's reply as its sender reads it. */
export function useDeliveryOutcome() {
  const { t } = useTranslation("sessions");
  return ({ channel, deliveredAt, failure, error }: ReplyDelivery): Outcome => {
    if (deliveredAt)
      return {
        icon: <CheckCheck className="h-4 w-4 shrink-0 text-emerald-700" aria-hidden="true" />,
        text: t(`handoff.replyBox.delivered.${channel}`),
        tone: "text-emerald-800",
      };
    if (failure)
      return {
        icon: <AlertTriangle className="h-4 w-4 shrink-0 text-amber-700" aria-hidden="true" />,
        text: t(`handoff.replyBox.failures.${failure}`, {
          channel: t(`handoff.replyBox.channels.${channel}`),
          error: error ?? "",
        }),
        tone: "text-amber-900",
      };
    return {
      icon: <Clock className="h-4 w-4 shrink-0 text-slate-500" aria-hidden="true" />,
      text: t("handoff.replyBox.pending"),
      tone: "text-slate-600",
    };
  };
}

/** Under each of a person's replies in the conversation: whether it reached the visitor. */
export function ReplyDeliveryNote({ delivery }: { delivery: ReplyDelivery }) {
  const outcomeOf = useDeliveryOutcome();
  const { icon, text, tone } = outcomeOf(delivery);
  return (
    <p className={clsx("mt-1 flex items-start gap-1 text-xs", tone)}>
      {icon}
      <span>{text}</span>
    </p>
  );
}
