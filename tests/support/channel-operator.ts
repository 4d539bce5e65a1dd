import { languageCookies } from "./http.ts";
import { TEST_ADMIN } from "./server.ts";

/** An operator's cookies on a test server, one per language: the session and the language choice. */
export async function operatorCookies(serverUrl: string): Promise<Record<"en" | "he", string>> {
  const login = await fetch(`${serverUrl}/login`, {
    method: "POST",
    body: new URLSearchParams(TEST_ADMIN),
    redirect: "manual",
  });
  const session = login.headers
    .getSetCookie()
    .find((value) => value.startsWith("alex_session="))!
    .split(";")[0]!;
  const { en, he } = await languageCookies(serverUrl);
  return { en: `${session}; ${en}`, he: `${session}; ${he}` };
}

/** Waits until `read` gives a value (a reply sent after the webhook's 200, say). */
export async function until<T>(read: () => T | undefined | Promise<T | undefined>, ms = 20_000): Promise<T> {
  const deadline = Date.now() + ms;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error("timed out waiting");
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

type SessionRow = { sessionId: string; messageCount: number };
type SessionExport = {
  session: { messages: { userMessage: string; aiResponse: string; cost: number; images: unknown[] }[] };
};

/** A client's sessions as the operator's API lists them. */
export async function clientSessions(serverUrl: string, cookie: string, clientId: number): Promise<SessionRow[]> {
  const response = await fetch(`${serverUrl}/api/admin/chat-sessions?period=all&clientId=${clientId}`, {
    headers: { Cookie: cookie },
  });
  return ((await response.json()) as { sessions: SessionRow[] }).sessions;
}

export async function exportedSession(serverUrl: string, cookie: string, clientId: number, sessionId: string) {
  const response = await fetch(`${serverUrl}/api/admin/export-session/${clientId}/${sessionId}`, {
    headers: { Cookie: cookie },
  });
  return ((await response.json()) as SessionExport).session;
}
