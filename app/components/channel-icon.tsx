import clsx from "clsx";
import { Globe, MessageCircle, Send, type LucideIcon } from "lucide-react";
import { useTranslation } from "react-i18next";
import type { Channel } from "#db/vocabulary.ts";

const ICONS: Record<Channel, LucideIcon> = { web: Globe, whatsapp: MessageCircle, telegram: Send };

/** A channel's name in the page's language ("אתר" / "Website", "WhatsApp", "Telegram"). */
export function useChannelLabel() {
  const { t } = useTranslation("common");
  return (channel: Channel) => t(`channels.${channel}`, { ns: "common" });
}

/**
 * Where a conversation happens, as a small icon. The name is always there for a screen reader and
 * as a tooltip; `withLabel` shows it beside the icon too (a header, a detail line).
 */
export function ChannelIcon({
  channel,
  withLabel = false,
  className,
}: {
  channel: Channel;
  withLabel?: boolean;
  className?: string;
}) {
  const label = useChannelLabel()(channel);
  const Icon = ICONS[channel];
  return (
    <span
      title={label}
      data-channel={channel}
      className={clsx("inline-flex items-center gap-1 whitespace-nowrap text-slate-700", className)}
    >
      <Icon className="h-4 w-4 shrink-0" aria-hidden="true" />
      <span className={withLabel ? undefined : "sr-only"}>{label}</span>
    </span>
  );
}
