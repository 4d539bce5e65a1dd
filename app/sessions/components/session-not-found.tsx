import { ArrowLeft, MessageSquareOff } from "lucide-react";
import { Trans, useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";

/**
 * The way back from a conversation's page to its list, in the namespace of the side that shows it
 * (the back-office's `sessions`, the portal's `portal-conversations`): both have `detail.back`.
 */
export function BackToList({ to, ns }: { to: string; ns: string }) {
  const { t } = useTranslation(ns);
  return (
    <Button asChild variant="secondary">
      <Link to={to}>
        <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
        {t("detail.back")}
      </Link>
    </Button>
  );
}

/** A conversation's page for an id that names none this person may see: why, and the way back. */
export function SessionNotFound({ listPath, ns, sessionId }: { listPath: string; ns: string; sessionId: string }) {
  const { t } = useTranslation(ns);
  return (
    <div className="space-y-6">
      <PageHeader title={t("detail.notFound")} actions={<BackToList to={listPath} ns={ns} />} />
      <Card>
        <EmptyState
          icon={MessageSquareOff}
          title={t("detail.notFound")}
          description={
            <Trans
              t={t}
              i18nKey="detail.notFoundMessage"
              values={{ sessionId }}
              components={{ id: <code dir="ltr" className="font-mono wrap-anywhere" /> }}
            />
          }
        />
      </Card>
    </div>
  );
}
