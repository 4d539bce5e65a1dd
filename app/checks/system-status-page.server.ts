import { data } from "react-router";
import { redirectWithError, redirectWithSuccess, redirectWithToast } from "remix-toast";
import { z } from "zod";
import type { Database } from "#db/connection.ts";
import { clientIdSchema } from "~/lib/ids.ts";
import type { Env } from "~/env.server.ts";
import type { Language } from "~/i18n/config.ts";
import { findClientById, listClientsForPicker } from "~/models/client.server.ts";
import { listRecentIntegrationChecks, type IntegrationCheckRow } from "~/models/integration-check.server.ts";
import type { CheckHistoryEntry } from "./components/check-card.tsx";
import { CHECK_KINDS, CLIENT_CHECK_KINDS, HISTORY_PER_CHECK, type CheckKind } from "./connection-result.ts";
import { readStoredExplanation } from "./explanation.ts";
import type { FullClientTestResult } from "./full-client-test.server.ts";
import {
  FULL_TEST_KIND,
  runAllChecks,
  runClientCheck,
  runRecordedFullClientTest,
  type SystemCheckContext,
} from "./system-checks.server.ts";
import { SYSTEM_STATUS_TABS } from "./system-status-tabs.ts";
import { loadWordPressConnectionView } from "./wordpress-connection.server.ts";
import { siteUrlFrom } from "./wordpress-site.server.ts";

type Translate = (key: string, values?: Record<string, unknown>) => string;

const searchSchema = z.object({
  clientId: clientIdSchema.nullable().catch(null),
  tab: z.enum(SYSTEM_STATUS_TABS).catch("connections"),
});

const actionSchema = z.discriminatedUnion("intent", [
  z.object({ intent: z.literal("refresh") }),
  z.object({ intent: z.literal("full-test") }),
  z.object({ intent: z.literal("check"), kind: z.enum(CLIENT_CHECK_KINDS) }),
]);
const actionClientSchema = z.object({ clientId: clientIdSchema, tab: z.enum(SYSTEM_STATUS_TABS).catch("connections") });

/** The text in the runner's language goes to the page only for rows stored before explanations. */
function historyEntry(row: IntegrationCheckRow): CheckHistoryEntry {
  const explanation = readStoredExplanation(row.explanation);
  return {
    id: row.id,
    success: row.success,
    durationMs: row.durationMs,
    message: explanation.error ? "" : row.message,
    explanation,
    details: row.details,
    checkedAt: row.createdAt.toISOString(),
  };
}

/** The client picker, the chosen client (`?clientId=`, else the first) with its site and connection, and every check's history. */
export async function loadSystemStatusPage(
  db: Database,
  { clientId, tab }: { clientId: string | null; tab: string | null },
) {
  const search = searchSchema.parse({ clientId, tab: tab ?? undefined });
  const clients = await listClientsForPicker(db);
  const selectedId = clients.some((client) => client.id === search.clientId)
    ? search.clientId
    : (clients[0]?.id ?? null);
  const client = selectedId === null ? undefined : await findClientById(db, selectedId);
  const [serverRows, clientRows, connection] = await Promise.all([
    listRecentIntegrationChecks(db, null, ["database"], HISTORY_PER_CHECK),
    client
      ? listRecentIntegrationChecks(db, client.id, [...CLIENT_CHECK_KINDS, FULL_TEST_KIND], HISTORY_PER_CHECK)
      : [],
    client ? loadWordPressConnectionView(db, client.id) : null,
  ]);
  const history = Object.fromEntries(
    CHECK_KINDS.map((kind) => [
      kind,
      [...serverRows, ...clientRows].filter((row) => row.kind === kind).map(historyEntry),
    ]),
  ) as Record<CheckKind, CheckHistoryEntry[]>;
  const fullTest = clientRows.find((row) => row.kind === FULL_TEST_KIND);
  return {
    tab: search.tab,
    clients: clients.map(({ id, businessName }) => ({ id, businessName })),
    client: client ? { id: client.id, businessName: client.businessName, licenseKey: client.licenseKey } : null,
    site: client
      ? { url: siteUrlFrom(connection?.siteUrl ?? client.websiteDomain), fromConnection: Boolean(connection) }
      : null,
    connection,
    history,
    fullTest: fullTest
      ? { checkedAt: fullTest.createdAt.toISOString(), result: fullTest.details as FullClientTestResult }
      : null,
  };
}

export type SystemStatusPageData = Awaited<ReturnType<typeof loadSystemStatusPage>>;

export type SystemStatusActionContext = { db: Database; env: Env; language: Language; serverUrl: string; t: Translate };

/** Refresh Status, Full System Test, or one check; each result joins its history, and the page shows it after the redirect. */
export async function handleSystemStatusAction(
  formData: FormData,
  { db, env, language, serverUrl, t }: SystemStatusActionContext,
) {
  const form = Object.fromEntries(formData);
  const intent = actionSchema.safeParse(form);
  if (!intent.success) return data({ error: t("api.invalid", { ns: "common" }) }, { status: 400 });
  const target = actionClientSchema.safeParse(form);
  const client = target.success ? await findClientById(db, target.data.clientId) : undefined;
  // Every test runs against one client, so none runs until one is selected.
  if (!target.success || !client)
    return data({ error: t("actions.selectClientFirst", { ns: "checks" }) }, { status: 400 });

  const translate: SystemCheckContext["t"] = (key, values) => t(key, { ...values, ns: "checks" });
  const checkContext: SystemCheckContext = { db, env, language, t: translate };
  const back = `/admin/system-status?clientId=${client.id}&tab=${target.data.tab}`;

  switch (intent.data.intent) {
    case "refresh": {
      const results = await runAllChecks(checkContext, client);
      const connected = results.filter((result) => result.status === "connected").length;
      return redirectWithToast(back, {
        message: translate("toast.refreshed", { connected, total: results.length }),
        type: connected === results.length ? "success" : "warning",
      });
    }
    case "full-test": {
      try {
        const { summary } = await runRecordedFullClientTest({
          db,
          client,
          env,
          language,
          serverUrl,
          t: (key, values) => t(key, { ns: "clients", ...values }),
        });
        // All passed, or a warning with passed/total.
        if (summary.passed === summary.total) return redirectWithSuccess(back, translate("fullTest.allPassed"));
        return redirectWithToast(back, {
          message: translate("fullTest.issues"),
          description: translate("fullTest.summary", summary),
          type: "warning",
        });
      } catch (error) {
        return redirectWithError(back, {
          message: translate("fullTest.failed"),
          description: error instanceof Error ? error.message : String(error),
        });
      }
    }
    case "check": {
      const result = await runClientCheck(checkContext, intent.data.kind, client);
      const message = translate("toast.checked", {
        kind: translate(`kinds.${result.kind}`),
        status: translate(`status.${result.status}`),
      });
      return result.status === "connected"
        ? redirectWithSuccess(back, message)
        : redirectWithError(back, { message, description: result.error });
    }
  }
}
