import { LogOut } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import type { AccountSession } from "../account.server.ts";
import { ACCOUNT_INTENTS } from "../account-schemas.ts";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";

export type ListedSession = Omit<AccountSession, "createdAt"> & { signedInAt: string };

/** One's signed-in sessions, this one marked, each other one with its own Sign out. */
export function SessionList({ sessions }: { sessions: ListedSession[] }) {
  const { t } = useTranslation("account");
  const others = sessions.filter((session) => !session.current).length;
  const deviceOf = (session: ListedSession) =>
    t("sessions.device", {
      browser: session.device.browser ?? t("sessions.unknownBrowser"),
      system: session.device.system ?? t("sessions.unknownSystem"),
    });
  return (
    <div className="space-y-4">
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200">
        {sessions.map((session) => (
          <li
            key={session.handle}
            data-session={session.handle}
            className="flex flex-wrap items-center justify-between gap-3 p-3"
          >
            <div className="min-w-0 space-y-0.5 text-sm">
              <p className="flex flex-wrap items-center gap-2 font-medium text-slate-900">
                {deviceOf(session)}
                {session.current ? <Badge tone="success">{t("sessions.current")}</Badge> : null}
              </p>
              <p className="text-slate-600">{t("sessions.signedIn", { when: session.signedInAt })}</p>
              <p className="text-slate-600">
                {session.ip ? (
                  <>
                    {t("sessions.address")} <bdi dir="ltr">{session.ip}</bdi>
                  </>
                ) : (
                  t("sessions.unknownAddress")
                )}
              </p>
            </div>
            {session.current ? null : (
              <Form method="post">
                <input type="hidden" name="intent" value={ACCOUNT_INTENTS.signOutSession} />
                <input type="hidden" name="session" value={session.handle} />
                <Button
                  type="submit"
                  variant="secondary"
                  size="sm"
                  aria-label={t("sessions.signOutNamed", { device: deviceOf(session), when: session.signedInAt })}
                >
                  <LogOut className="h-4 w-4 rtl:-scale-x-100" aria-hidden="true" />
                  {t("sessions.signOut")}
                </Button>
              </Form>
            )}
          </li>
        ))}
      </ul>
      {others > 0 ? (
        <Form method="post">
          <input type="hidden" name="intent" value={ACCOUNT_INTENTS.signOutOthers} />
          <Button type="submit" variant="danger">
            {t("sessions.signOutOthers")}
          </Button>
        </Form>
      ) : (
        <p className="text-sm text-slate-600">{t("sessions.noOthers")}</p>
      )}
    </div>
  );
}
