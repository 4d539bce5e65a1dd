import { ArrowLeft, MessageSquareOff } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { data, Link, useNavigation } from "react-router";
import type { Route } from "./+types/session";
import { ChannelIcon } from "~/components/channel-icon.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import type { Database } from "#db/connection.ts";
import { databaseContext, envContext, operatorContext } from "~/context.ts";
import { ConversationWorkspace } from "~/handoff/components/conversation-workspace.tsx";
import { handleHandoffAction, loadHandoff } from "~/handoff/handoff-page.server.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { LiveIndicator, useLiveRevalidation } from "~/live/live-events.tsx";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { maskChannelUserId } from "~/lib/channel.ts";
import { formatDateTime, formatNumber } from "~/lib/format.ts";
import { SessionSummaryList } from "~/sessions/components/conversation-thread.tsx";
import { ExportSessionButton } from "~/sessions/components/export-session-button.tsx";
import { sessionIdSchema, shortSessionId } from "~/sessions/session-query.ts";
import { findClientSession, loadSessionMessages, summarizeSession } from "~/sessions/sessions.server.ts";

export const handle = { i18n: ["sessions"] };

/** The page shows this many messages; the CSV export has every one. */
const SHOWN_MESSAGES = 500;

/** The session's client comes from the session itself, never from a fixed client id. */
/** The session named in the address, whichever client it belongs to. */
async function sessionOf(db: Database, param: string) {
  const sessionId = param.slice(0, 200);
  const session = sessionIdSchema.safeParse(sessionId).success
    ? await findClientSession(db, undefined, sessionId)
    : undefined;
  return { sessionId, session };
}

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const t = getTranslator(context);
  const { sessionId, session } = await sessionOf(db, params.sessionId);
  if (!session) {
    return data({ found: false as const, title: t("detail.notFound", { ns: "sessions" }), sessionId }, { status: 404 });
  }
  recordAccess(context, { action: "view_session", clientId: session.clientId, sessionId: session.publicId });
  const [messages, summary, handoff] = await Promise.all([
    loadSessionMessages(db, session, SHOWN_MESSAGES),
    summarizeSession(db, session),
    loadHandoff(db, session, context.get(operatorContext).id),
  ]);
  return {
    found: true as const,
    title: t("detail.title", { ns: "sessions", id: shortSessionId(session.publicId) }),
    timeZone: context.get(envContext).TZ_DISPLAY,
    session: {
      sessionId: session.publicId,
      clientId: session.clientId,
      businessName: session.businessName,
      licenseKey: session.licenseKey,
      channel: session.channel,
      // Masked here, so the visitor's full number never reaches the browser.
      channelUser: session.channelUserId === null ? null : maskChannelUserId(session.channelUserId),
      messageCount: session.messageCount,
      contact: [session.contactDetails.clientName, session.contactDetails.phone].filter(Boolean).join(" · "),
      consentAt: session.consentAt,
    },
    messages,
    summary,
    handoff,
  };
}

/** Take over, hand back, reply (app/handoff/handoff-page.server.ts); the admin layout checked the operator. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { session } = await sessionOf(context.get(databaseContext), params.sessionId);
  if (!session) {
    throw data(getTranslator(context)("detail.notFound", { ns: "sessions" }), { status: 404 });
  }
  return handleHandoffAction(request, context, session);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Session"} | Alex` }];

export default function SessionDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("sessions");
  const navigation = useNavigation();
  // An unknown session hears nothing: "" is never a session's id.
  useLiveRevalidation({ sessionId: loaderData.found ? loaderData.session.sessionId : "" });
  const back = (
    <Button asChild variant="secondary">
      <Link to="/admin/chat-sessions">
        <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
        {t("detail.back")}
      </Link>
    </Button>
  );

  if (!loaderData.found) {
    return (
      <div className="space-y-6">
        <PageHeader title={t("detail.notFound")} actions={back} />
        <Card>
          <EmptyState
            icon={MessageSquareOff}
            title={t("detail.notFound")}
            description={t("detail.notFoundMessage", { sessionId: loaderData.sessionId })}
          />
        </Card>
      </div>
    );
  }

  const { session, messages, summary, timeZone, handoff } = loaderData;
  const language = i18n.language;
  return (
    <div className="space-y-6">
      <PageHeader
        title={<bdi>{session.businessName}</bdi>}
        description={
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
            <Badge tone="info">
              {/* One inline run, like the contact's: the badge would drop the space before the key. */}
              <span>
                <Trans
                  t={t}
                  i18nKey="detail.licenseBadge"
                  values={{ key: session.licenseKey }}
                  components={{ key: <code dir="ltr" className="font-mono" /> }}
                />
              </span>
            </Badge>
          </span>
        }
        actions={
          <>
            <LiveIndicator />
            {back}
            <ExportSessionButton clientId={session.clientId} sessionId={session.sessionId} />
          </>
        }
      />
      {navigation.location?.pathname.startsWith("/admin/session/") ? (
        <p role="status" className="text-sm text-slate-600">
          {t("detail.loading")}
        </p>
      ) : null}
      <ConversationWorkspace
        messages={messages}
        totalMessages={summary.totalMessages}
        timeZone={timeZone}
        handoff={handoff}
        lastResult={actionData?.result}
      />
      <SessionSummaryList summary={summary} />
    </div>
  );
}
