import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";

/** The ten recovery codes, shown once: selectable text in two columns, and a button that copies them all. */
export function RecoveryCodesList({ codes }: { codes: string[] }) {
  const { t } = useTranslation("second-factor");
  return (
    <Alert tone="success" title={t("codes.title")}>
      <p>{t("codes.message")}</p>
      <ul
        aria-label={t("codes.listLabel")}
        dir="ltr"
        className="my-3 grid max-w-xs grid-cols-2 gap-x-6 gap-y-1 font-mono text-base text-slate-900"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <CopyButton text={codes.join("\n")} label={t("codes.copy")} />
    </Alert>
  );
}
