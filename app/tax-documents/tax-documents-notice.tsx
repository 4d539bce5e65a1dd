import { Trans, useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert.tsx";

/**
 * What the operator must know about tax documents on the billing page: that none are made (Morning
 * is not set up), or that some failed or wait, with Morning's last reason. Nothing when all is well.
 */
export function TaxDocumentsNotice({
  configured,
  waiting,
  failed,
  error,
}: {
  configured: boolean;
  waiting: number;
  failed: number;
  error: string | null;
}) {
  const { t } = useTranslation("billing");
  if (!configured)
    return (
      <Alert tone="warning" title={t("morning.offTitle")} announce={false}>
        <Trans t={t} i18nKey="morning.off" components={{ code: <code dir="ltr" translate="no" /> }} />
      </Alert>
    );
  if (failed > 0)
    return (
      <Alert tone="error" announce="status">
        {t("morning.failed", { count: failed, error: error ?? "" })}
      </Alert>
    );
  if (waiting > 0 && error)
    return (
      <Alert tone="warning">
        {t("morning.waiting", { count: waiting })} {error}
      </Alert>
    );
  return null;
}
