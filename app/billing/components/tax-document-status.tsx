import { FileCheck2 } from "lucide-react";
import { useTranslation } from "react-i18next";

/** What a bill page knows of a bill's tax document. */
export type BillTaxDocument = {
  status: string;
  documentNumber: string | null;
  pdfUrl: string | null;
  lastError: string | null;
};

/**
 * A paid bill's tax document (or, `kind` "creditNote", a refunded bill's credit note): its number and
 * PDF once Morning issued it, else why there is none yet (on its way, failed, or Morning not set up).
 * An unpaid bill has none to show.
 */
export function TaxDocumentStatus({
  document,
  paid,
  morningConfigured,
  kind = "taxDocument",
}: {
  document: BillTaxDocument | undefined;
  paid: boolean;
  morningConfigured: boolean;
  kind?: "taxDocument" | "creditNote";
}) {
  const { t } = useTranslation("billing");
  if (!paid) return null;
  if (document?.status === "issued" && document.documentNumber)
    return (
      <span className="inline-flex flex-wrap items-center gap-x-2 gap-y-1 text-sm">
        <FileCheck2 className="h-4 w-4 shrink-0 text-emerald-600" aria-hidden="true" />
        <span>{t(`${kind}.number`, { number: document.documentNumber })}</span>
        {document.pdfUrl ? (
          <a
            href={document.pdfUrl}
            target="_blank"
            rel="noreferrer noopener"
            className="font-medium text-brand-700 underline underline-offset-2"
            aria-label={t(`${kind}.pdfOf`, { number: document.documentNumber })}
          >
            {t("taxDocument.pdf")}
          </a>
        ) : null}
      </span>
    );
  if (!morningConfigured) return <span className="text-sm text-slate-600">{t(`${kind}.notConfigured`)}</span>;
  if (!document) return <span className="text-sm text-slate-600">{t(`${kind}.none`)}</span>;
  if (document.status === "failed")
    return <span className="text-sm text-red-700">{t(`${kind}.failed`, { error: document.lastError ?? "" })}</span>;
  return <span className="text-sm text-slate-600">{t(`${kind}.pending`)}</span>;
}
