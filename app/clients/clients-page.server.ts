import { listCardOverdueClientIds } from "~/models/card-payment.server.ts";
import { LAST_CARD_ATTEMPT } from "~/payments/card-renewals.server.ts";
import { parseForm } from "~/components/ui/parse-form.ts";
import { data } from "react-router";
import {
  dataWithError,
  dataWithSuccess,
  dataWithWarning,
  redirectWithError,
  redirectWithSuccess,
  redirectWithWarning,
} from "remix-toast";
import { z } from "zod";
import { StatementTimeout, withStatementTimeout, type Database } from "#db/connection.ts";
import { testOutcomeOf } from "~/checks/full-client-test.server.ts";
import { runRecordedFullClientTest } from "~/checks/system-checks.server.ts";
import type { Env } from "~/env.server.ts";
import type { Language } from "~/i18n/config.ts";
import { createClient, listClients } from "~/models/client.server.ts";
import { CLIENT_LIMITS, clientListQuerySchema, newClientSchema } from "./client-schema.ts";
import { findClientByRawId } from "./clients.server.ts";
import { ADD_CLIENT_INTENT } from "./components/add-client-form.tsx";
import { TEST_INTENT, type TestReply } from "./components/integration-test-button.tsx";

type Translate = (key: string, values?: Record<string, unknown>) => string;

const intentSchema = z.enum([ADD_CLIENT_INTENT, TEST_INTENT]);

/** A search's ILIKE over every client stops here on PostgreSQL (statement_timeout). */
export const CLIENT_SEARCH_TIMEOUT_MS = 3000;

/** The client list for the page and GET /api/clients; a search past its timeout throws a StatementTimeout. */
export function listClientsBounded(db: Database, filter: Parameters<typeof listClients>[1] = {}) {
  if (!filter.search) return listClients(db, filter);
  return withStatementTimeout(db, CLIENT_SEARCH_TIMEOUT_MS, (tx) => listClients(tx, filter));
}

/**
 * The client list, filtered by the address (`?q=`, `?status=`, `?demo=show`); `?add` opens the
 * add-client section. A search over its length is not run and one stopped by its timeout lists
 * nothing: `searchProblem` says which, and the field keeps the search's start.
 */
export async function loadClientsPage(db: Database, searchParams: URLSearchParams) {
  const params = Object.fromEntries(searchParams);
  const typed = params.q?.trim() ?? "";
  const tooLong = typed.length > CLIENT_LIMITS.search;
  const parsed = clientListQuerySchema.parse(params);
  const query = tooLong ? { ...parsed, q: typed.slice(0, CLIENT_LIMITS.search) } : parsed;
  const filter = {
    search: tooLong ? undefined : query.q || undefined,
    status: query.status === "all" ? undefined : query.status,
    withDemo: query.demo === "show",
  };
  let clients: Awaited<ReturnType<typeof listClients>> = [];
  let searchProblem: "tooLong" | "tooSlow" | undefined = tooLong ? "tooLong" : undefined;
  try {
    clients = await listClientsBounded(db, filter);
  } catch (error) {
    if (!(error instanceof StatementTimeout)) throw error;
    searchProblem = "tooSlow";
  }
  const cardOverdue = await listCardOverdueClientIds(
    db,
    clients.map((client) => client.id),
    LAST_CARD_ATTEMPT,
  );
  return {
    query,
    searchProblem,
    // `?add` opens the add-client section: the dialog's address without JavaScript.
    adding: searchParams.has("add"),
    clients: clients.map(({ id, businessName, websiteDomain, businessType, plan, status, licenseKey, isDemo }) => ({
      id,
      isDemo,
      businessName,
      websiteDomain,
      businessType,
      plan,
      status,
      licenseKey,
      // Its saved card was declined to the last retry: the bill is overdue and the operator should call.
      cardOverdue: cardOverdue.has(id),
    })),
  };
}

export type ClientListRow = Awaited<ReturnType<typeof loadClientsPage>>["clients"][number];

export type ClientsActionContext = {
  db: Database;
  env: Env;
  language: Language;
  serverUrl: string;
  /** A post from the page's script gets its answer with a toast; a plain form post is redirected back. */
  enhanced: boolean;
  backPath: string;
  t: Translate;
};

/** Add Client, or one client's integration test (`intent`); a test's outcome is a toast by its tone. */
export async function handleClientsAction(
  formData: FormData,
  { db, env, language, serverUrl, enhanced, backPath, t }: ClientsActionContext,
) {
  const tc = (key: string, values?: Record<string, unknown>) => t(key, { ns: "clients", ...values });
  const intent = intentSchema.safeParse(formData.get("intent"));
  if (!intent.success) throw data(null, { status: 400 });

  if (intent.data === ADD_CLIENT_INTENT) {
    const submission = parseForm(formData, { schema: newClientSchema });
    if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
    const client = await createClient(db, submission.value);
    return redirectWithSuccess(`/admin/clients/${client.id}`, {
      message: tc("add.created"),
      description: tc("add.createdDescription", { name: client.businessName }),
    });
  }

  const client = await findClientByRawId(db, formData.get("clientId"));
  if (!client) throw data(null, { status: 404 });
  try {
    const result = await runRecordedFullClientTest({ db, client, serverUrl, env, language, t: tc });
    const outcome = testOutcomeOf(result.summary);
    const reply: TestReply = { test: { clientId: client.id, outcome, ...result.summary } };
    const values = result.summary;
    if (outcome === "passed") {
      const toast = { message: tc("test.allPassed"), description: tc("test.allPassedDescription", values) };
      return enhanced ? dataWithSuccess(reply, toast) : redirectWithSuccess(backPath, toast);
    }
    const toast = { message: tc("test.issues"), description: tc("test.issuesDescription", values) };
    if (outcome === "partial") return enhanced ? dataWithWarning(reply, toast) : redirectWithWarning(backPath, toast);
    return enhanced ? dataWithError(reply, toast) : redirectWithError(backPath, toast);
  } catch {
    const reply: TestReply = { test: { clientId: client.id, outcome: "error", passed: 0, total: 0 } };
    return enhanced ? dataWithError(reply, tc("test.unable")) : redirectWithError(backPath, tc("test.unable"));
  }
}
