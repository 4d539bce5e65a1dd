import { parseForm } from "~/components/ui/parse-form.ts";
import { data } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { Database } from "#db/connection.ts";
import { isConfirmed } from "~/components/ui/confirm.tsx";
import type { AccessRecord } from "./access-log.server.ts";
import { findVisitorData, listPrivacyRequests } from "~/models/visitor-data.server.ts";
import { eraseVisitor, visitorQueryOf } from "./visitor-data.server.ts";
import { visitorSearchSchema } from "./visitor-data.ts";

type Translate = (key: string, values?: Record<string, unknown>) => string;

/** The client page's post that erases a visitor. */
export const ERASE_INTENT = "erase-visitor";

/** The Privacy tab lists the latest 20 requests. */
const AUDIT_LIMIT = 20;

/**
 * The client page's Privacy tab: the search (`?kind=&q=`) and what it found, a summary only (the
 * export has the rest), and the audit trail of exports and erasures.
 */
export async function loadPrivacyTab(db: Database, clientId: number, search: URLSearchParams) {
  const requests = await listPrivacyRequests(db, clientId, AUDIT_LIMIT);
  if (!search.has("q")) return { search: null, requests };
  const submission = visitorSearchSchema.safeParse({ kind: search.get("kind"), q: search.get("q") });
  const asked = { kind: search.get("kind") ?? "", q: search.get("q") ?? "" };
  if (!submission.success) {
    const errors = submission.error.issues.map((issue) => issue.message);
    return { search: { ...asked, errors, found: null }, requests };
  }
  const found = await findVisitorData(db, clientId, visitorQueryOf(submission.data.kind, submission.data.q));
  return {
    search: {
      ...asked,
      errors: [],
      found: {
        counts: found.counts,
        sessions: found.sessions.map((session) => ({
          publicId: session.publicId,
          lastMessageAt: session.lastMessageAt,
          contactDetails: session.contactDetails,
          userIp: session.userIp,
          messages: session.messages.length,
          images: session.messages.flatMap((message) => message.images.map((image) => image.name)),
        })),
      },
    },
    requests,
  };
}

/**
 * Erase (`intent=erase-visitor`): acts only when confirmed (app/components/ui/confirm.tsx); without
 * the confirmation the answer is the confirmation step. Comes back to the tab with what was removed.
 */
export async function handleEraseAction(
  db: Database,
  {
    clientId,
    operatorId,
    formData,
    recordAccess,
    backPath,
    t,
  }: {
    clientId: number;
    operatorId: number;
    formData: FormData;
    /** Where a done erasure comes back to: the page of the visitor search. */
    backPath: string;
    recordAccess: (record: AccessRecord) => void;
    t: Translate;
  },
) {
  const submission = parseForm(formData, { schema: visitorSearchSchema });
  if (submission.status !== "success") {
    const message = Object.values(submission.error ?? {})
      .flat()
      .map((key) => t(key ?? "", { ns: "clients" }))
      .join(" ");
    return data({ result: submission.reply(), eraseError: message }, { status: 400 });
  }
  const { kind, q } = submission.value;
  if (!isConfirmed(formData)) return { confirmErase: { kind, q } };
  const counts = await eraseVisitor(db, { clientId, operatorId, query: visitorQueryOf(kind, q) });
  recordAccess({ action: "erase_visitor_data", clientId, sessionId: kind === "session" ? q : null });
  return redirectWithSuccess(backPath, {
    message: t("detail.privacy.erased", { ns: "clients" }),
    description: t("detail.privacy.counts", { ns: "clients", ...counts }),
  });
}
