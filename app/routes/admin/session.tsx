import { Trans, useTranslation } from "react-i18next";
import { data, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/session";
import { Badge } from "~/components/ui/badge.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext, operatorContext } from "~/context.ts";
import { ConversationWorkspace } from "~/handoff/components/conversation-workspace.tsx";
import { handleHandoffAction, loadHandoff } from "~/handoff/handoff-page.server.ts";
import { isMarkWrongPost, markReplyWrong } from "~/gaps/mark-wrong.server.ts";
import { withReplySources } from "~/gaps/reply-sources.server.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { LiveIndicator, useLiveRevalidation } from "~/live/live-events.tsx";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { SessionSummaryList } from "~/sessions/components/conversation-thread.tsx";
import { SessionFacts } from "~/sessions/components/session-facts.tsx";
import { BackToList, SessionNotFound } from "~/sessions/components/session-not-found.tsx";
import { ExportSessionButton } from "~/sessions/components/export-session-button.tsx";
import { sessionDetailPath, shortSessionId } from "~/sessions/session-query.ts";
import { loadSessionMessages, sessionFactsOf, sessionNamedIn, summarizeSession } from "~/sessions/sessions.server.ts";

export const handle = { i18n: ["sessions", "gaps"] };

/** The page shows this many messages; the CSV export has every one. */
const SHOWN_MESSAGES = 500;

export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const t = getTranslator(context);
  const { sessionId, session } = await sessionNamedIn(db, params.sessionId);
  if (!session) {
    return data({ found: false as const, title: t("detail.notFound", { ns: "sessions" }), sessionId }, { status: 404 });
  }
  recordAccess(context, { action: "view_session", clientId: session.clientId, sessionId: session.publicId });
  const [messages, summary, handoff] = await Promise.all([
    loadSessionMessages(db, session, SHOWN_MESSAGES),
    summarizeSession(db, session),
    loadHandoff(db, session, context.get(operatorContext)),
  ]);
  return {
    found: true as const,
    title: t("detail.title", { ns: "sessions", id: shortSessionId(session.publicId) }),
    timeZone: context.get(envContext).TZ_DISPLAY,
    session: {
      ...sessionFactsOf(session),
      clientId: session.clientId,
      businessName: session.businessName,
      licenseKey: session.licenseKey,
    },
    messages: await withReplySources(db, messages, {
      faq: `/admin/ai-training?clientId=${session.clientId}#training-form-title`,
      info: `/admin/ai-training?clientId=${session.clientId}#training-form-title`,
      hours: `/admin/clients/${session.clientId}/config`,
    }),
    summary,
    handoff,
  };
}

/**
 * Take over, hand back, reply (app/handoff/handoff-page.server.ts), and mark a reply wrong
 * (app/gaps/); the admin layout checked the operator.
 */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { session } = await sessionNamedIn(context.get(databaseContext), params.sessionId);
  if (!session) {
    throw data(getTranslator(context)("detail.notFound", { ns: "sessions" }), { status: 404 });
  }
  if (await isMarkWrongPost(request))
    return markReplyWrong(request, context, session, sessionDetailPath(session.publicId));
  return handleHandoffAction(request, context, session);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [{ title: `${loaderData?.title ?? "Session"} | Alex` }];

export default function SessionDetail({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("sessions");
  const navigation = useNavigation();
  // Another conversation on its way; a post to this one (a reply, a take-over) reloads it in place.
  const { pathname } = useLocation();
  // An unknown session hears nothing: "" is never a session's id.
  useLiveRevalidation({ sessionId: loaderData.found ? loaderData.session.sessionId : "" });
  if (!loaderData.found) {
    return <SessionNotFound listPath="/admin/chat-sessions" ns="sessions" sessionId={loaderData.sessionId} />;
  }

  const { session, messages, summary, timeZone, handoff } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title={<bdi>{session.businessName}</bdi>}
        description={
          <SessionFacts session={session} timeZone={timeZone}>
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
          </SessionFacts>
        }
        actions={
          <>
            <LiveIndicator />
            <BackToList to="/admin/chat-sessions" ns="sessions" />
            <ExportSessionButton clientId={session.clientId} sessionId={session.sessionId} />
          </>
        }
      />
      {navigation.location &&
      navigation.location.pathname !== pathname &&
      navigation.location.pathname.startsWith("/admin/session/") ? (
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
