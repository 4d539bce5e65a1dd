import { CreditCard } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";

type CardPayFormProps = {
  /** Cardcom is configured and the bill can be paid now. */
  offered: boolean;
  /** How the payer's last visit to Cardcom's page ended, when it did not pay the bill. */
  notice: "failed" | "pending" | null;
  /** Why the server refused to open a deal, in the payer's language. */
  error: string | null;
};

/**
 * "Pay by Israeli card": a plain document post whose answer is a redirect to Cardcom's hosted page,
 * where the card is entered (it never reaches our server); works without JavaScript.
 */
export function CardPayForm({ offered, notice, error }: CardPayFormProps) {
  const { t } = useTranslation("payments");
  return (
    <>
      {notice ? (
        <Alert tone={notice === "failed" ? "error" : "info"}>
          {t(notice === "failed" ? "pay.cardFailed" : "pay.cardPending")}
        </Alert>
      ) : null}
      {error ? <Alert tone="error">{error}</Alert> : null}
      {offered ? (
        <Form method="post" reloadDocument className="space-y-2">
          <input type="hidden" name="intent" value="card" />
          <Button type="submit" className="w-full">
            <CreditCard className="h-4 w-4" aria-hidden="true" />
            {t("pay.payByCard")}
          </Button>
          <p className="text-xs text-slate-600">{t("pay.cardHint")}</p>
        </Form>
      ) : null}
    </>
  );
}
