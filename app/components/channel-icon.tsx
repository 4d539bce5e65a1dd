import clsx from "clsx";
import { useTranslation } from "react-i18next";
import type { Channel } from "#db/vocabulary.ts";
import { RowIcon, type RowIconName } from "./ui/row-icon.tsx";

const ICONS: Record<Channel, RowIconName> = { web: "globe", whatsapp: "message-circle", telegram: "send" };

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
  return (
    <span
      title={label}
      data-channel={channel}
      className={clsx("inline-flex items-center gap-1 whitespace-nowrap text-slate-700", className)}
    >
      <RowIcon name={ICONS[channel]} className="h-4 w-4 shrink-0" />
      <span className={withLabel ? undefined : "sr-only"}>{label}</span>
    </span>
  );
}
