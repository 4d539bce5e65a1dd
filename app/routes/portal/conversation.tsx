import { Trans, useTranslation } from "react-i18next";
import { data, useLocation, useNavigation } from "react-router";
import type { Route } from "./+types/conversation";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext, envContext, operatorContext, portalClientContext } from "~/context.ts";
import { ConversationWorkspace } from "~/handoff/components/conversation-workspace.tsx";
import { handleHandoffAction, loadHandoff } from "~/handoff/handoff-page.server.ts";
import { isMarkWrongPost, markReplyWrong } from "~/gaps/mark-wrong.server.ts";
import { withReplySources } from "~/gaps/reply-sources.server.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { LiveIndicator, useLiveRevalidation } from "~/live/live-events.tsx";
import {
  PORTAL_CONVERSATIONS,
  portalConversationImagePath,
  portalConversationPath,
} from "~/sessions/portal-conversation-paths.ts";
import { trainingTabPath } from "~/portal/training-tabs.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { SessionSummaryList } from "~/sessions/components/conversation-thread.tsx";
import { SessionFacts } from "~/sessions/components/session-facts.tsx";
import { BackToList, SessionNotFound } from "~/sessions/components/session-not-found.tsx";
import { shortSessionId } from "~/sessions/session-query.ts";
import { loadSessionMessages, sessionFactsOf, sessionNamedIn, summarizeSession } from "~/sessions/sessions.server.ts";

export const handle = { i18n: ["portal-conversations", "sessions", "gaps"] };

/** The page shows this many messages, as the back-office's does. */
const SHOWN_MESSAGES = 500;

/**
 * One of the business's own conversations: the thread, who answers and the take-over panel, the
 * summary. The business is the session's person's (portalClientContext): another client's session id
 * is a 404 here, as an unknown one. No costs reach the page: what an answer costs is the provider's.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const t = getTranslator(context);
  const { sessionId, session } = await sessionNamedIn(db, params.sessionId, context.get(portalClientContext));
  if (!session) {
    return data(
      { found: false as const, title: t("detail.notFound", { ns: "portal-conversations" }), sessionId },
      { status: 404 },
    );
  }
  recordAccess(context, { action: "view_session", clientId: session.clientId, sessionId: session.publicId });
  const [messages, summary, handoff] = await Promise.all([
    loadSessionMessages(db, session, SHOWN_MESSAGES, portalConversationImagePath),
    summarizeSession(db, session),
    loadHandoff(db, session, context.get(operatorContext)),
  ]);
  return {
    found: true as const,
    title: t("detail.title", { ns: "portal-conversations", id: shortSessionId(session.publicId) }),
    timeZone: context.get(envContext).TZ_DISPLAY,
    session: sessionFactsOf(session),
    messages: (
      await withReplySources(db, messages, {
        faq: trainingTabPath("faq"),
        info: trainingTabPath("info"),
        hours: trainingTabPath("hours"),
      })
    ).map((message) => ({ ...message, cost: 0 })),
    summary: { ...summary, totalCost: 0 },
    handoff,
  };
}

/** Take over, hand back, reply, mark a reply wrong, as an operator would; another client's session: 404 and nothing changes. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const { session } = await sessionNamedIn(
    context.get(databaseContext),
    params.sessionId,
    context.get(portalClientContext),
  );
  if (!session) throw data(getTranslator(context)("detail.notFound", { ns: "portal-conversations" }), { status: 404 });
  const here = portalConversationPath(session.publicId);
  if (await isMarkWrongPost(request)) return markReplyWrong(request, context, session, here);
  return handleHandoffAction(request, context, session, here);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Conversation"} | Alex` },
];

export default function PortalConversation({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("portal-conversations");
  const navigation = useNavigation();
  // Another conversation on its way; a post to this one (a reply, a take-over) reloads it in place.
  const { pathname } = useLocation();
  // An unknown conversation hears nothing: "" is never a session's id.
  useLiveRevalidation({ sessionId: loaderData.found ? loaderData.session.sessionId : "" });
  if (!loaderData.found) {
    return (
      <SessionNotFound listPath={PORTAL_CONVERSATIONS} ns="portal-conversations" sessionId={loaderData.sessionId} />
    );
  }

  const { session, messages, summary, timeZone, handoff } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title={
          <Trans
            t={t}
            i18nKey="detail.heading"
            values={{ id: shortSessionId(session.sessionId) }}
            components={{ id: <bdi dir="ltr" className="font-mono" /> }}
          />
        }
        description={<SessionFacts session={session} timeZone={timeZone} />}
        actions={
          <>
            <LiveIndicator />
            <BackToList to={PORTAL_CONVERSATIONS} ns="portal-conversations" />
          </>
        }
      />
      {navigation.location &&
      navigation.location.pathname !== pathname &&
      navigation.location.pathname.startsWith(`${PORTAL_CONVERSATIONS}/`) ? (
        <p role="status" className="text-sm text-slate-600">
          {t("detail.loading", { ns: "sessions" })}
        </p>
      ) : null}
      <ConversationWorkspace
        messages={messages}
        totalMessages={summary.totalMessages}
        timeZone={timeZone}
        handoff={handoff}
        lastResult={actionData?.result}
        showCost={false}
      />
      <SessionSummaryList summary={summary} showCost={false} />
    </div>
  );
}
