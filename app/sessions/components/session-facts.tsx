import type { ReactNode } from "react";
import { useTranslation } from "react-i18next";
import type { Channel } from "#db/vocabulary.ts";
import { ChannelIcon } from "~/components/channel-icon.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { formatDateTime, formatNumber } from "~/lib/format.ts";
import { LOW_RATING, RATING_FACES, type RatingScore } from "~/lib/rating-rules.ts";

/** A session as its page's header tells it (sessions.server.ts sessionFactsOf, dates as they arrive serialized). */
type Facts = {
  sessionId: string;
  channel: Channel;
  channelUser: string | null;
  messageCount: number;
  contact: string;
  consentAt: string | Date | null;
  rating: number | null;
  ratingComment: string | null;
};

/**
 * A session page's header line: its id, channel (and the visitor there, masked), messages, the
 * visitor's details, consent and rating (with its comment); then whatever the page adds (`children`: the back-office's license).
 */
export function SessionFacts({
  session,
  timeZone,
  children,
}: {
  session: Facts;
  timeZone: string;
  children?: ReactNode;
}) {
  const { t, i18n } = useTranslation("sessions");
  const language = i18n.language;
  return (
    <span className="flex flex-wrap items-center gap-2">
      <span>
        {t("detail.sessionId")}:{" "}
        <code dir="ltr" className="font-mono text-sm break-all">
          {session.sessionId}
        </code>
      </span>
      <Badge>
        <ChannelIcon channel={session.channel} withLabel />
        {session.channelUser ? (
          <span dir="ltr" className="ms-1 font-mono text-xs" title={t("detail.channelUser")}>
            {session.channelUser}
          </span>
        ) : null}
      </Badge>
      <Badge>
        {t("detail.messageCount", {
          count: session.messageCount,
          formatted: formatNumber(session.messageCount, language),
        })}
      </Badge>
      {session.contact ? (
        <Badge>
          {/* One inline run: the badge lays out its children apart, which would drop the space. */}
          <span>
            {t("detail.contact")}: <bdi>{session.contact}</bdi>
          </span>
        </Badge>
      ) : null}
      {session.consentAt ? (
        <Badge>{t("detail.consentAt", { time: formatDateTime(session.consentAt, language, timeZone) })}</Badge>
      ) : null}
      {session.rating === null ? null : (
        <Badge tone={session.rating <= LOW_RATING ? "warning" : "neutral"}>
          <span>
            <span aria-hidden="true">{RATING_FACES[session.rating as RatingScore]} </span>
            {t("rating.value", { value: formatNumber(session.rating, language) })}
            {session.ratingComment ? (
              <>
                {": "}
                <q dir="auto">{session.ratingComment}</q>
              </>
            ) : null}
          </span>
        </Badge>
      )}
      {children}
    </span>
  );
}
