import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert.tsx";
import { CopyButton } from "~/components/ui/copy-button.tsx";
import { isolate } from "~/lib/format.ts";

/**
 * The link of an invitation that could not be e-mailed, shown this once to the person who made it:
 * the server keeps only its hash, so it cannot be shown again (a new invitation makes a new one).
 */
export function InviteLink({ email, link, reason }: { email: string; link: string; reason: "off" | "failed" }) {
  const { t } = useTranslation("team");
  return (
    <Alert tone={reason === "off" ? "info" : "warning"} title={t(`link.title.${reason}`, { email: isolate(email) })}>
      <div className="space-y-3">
        <p>{t("link.passOn")}</p>
        <p
          dir="ltr"
          data-testid="invite-link"
          className="rounded-md border border-slate-300 bg-white p-2 font-mono text-xs break-all text-slate-900 select-all"
        >
          {link}
        </p>
        <div className="flex flex-wrap items-center gap-3">
          <CopyButton text={link} label={t("link.copy")} />
        </div>
        <p className="text-xs">{t("link.once")}</p>
      </div>
    </Alert>
  );
}
