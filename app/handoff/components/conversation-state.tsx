import { useTranslation } from "react-i18next";
import type { ConversationState } from "#db/vocabulary.ts";
import { Badge, type BadgeTone } from "~/components/ui/badge.tsx";

const TONE: Record<ConversationState, BadgeTone> = {
  alex: "info",
  waiting: "warning",
  held: "success",
  closed: "neutral",
};

/** Who answers a conversation, in a pill: Alex, nobody yet (waiting), a named person, or closed. */
export function ConversationStateBadge({ state, holder }: { state: ConversationState; holder?: string | null }) {
  const { t } = useTranslation("sessions");
  return (
    <Badge tone={TONE[state]}>
      {state === "held"
        ? holder
          ? t("handoff.states.held", { name: holder })
          : t("handoff.states.heldPlain")
        : t(`handoff.states.${state}`)}
    </Badge>
  );
}
