import { useTranslation } from "react-i18next";
import type { ClientStatus } from "#db/vocabulary.ts";
import { Badge, type BadgeTone } from "~/components/ui/badge.tsx";

const TONE: Record<ClientStatus, BadgeTone> = { active: "success", suspended: "warning", cancelled: "danger" };

export function ClientStatusBadge({ status }: { status: ClientStatus }) {
  const { t } = useTranslation("clients");
  return <Badge tone={TONE[status]}>{t(`status.${status}`)}</Badge>;
}
