import { X } from "lucide-react";
import { useTranslation } from "react-i18next";

/**
 * The ✕ in the corner of one of the browser's own <dialog>s on an island page: the page's script
 * (app/islands/enhance.ts) closes the dialog it sits in. Radix dialogs have their own (dialog.tsx).
 */
export function DialogCloseButton() {
  const { t } = useTranslation();
  return (
    <button
      type="button"
      data-closes-dialog
      className="rounded-md p-1 text-slate-500 hover:bg-slate-100 hover:text-slate-800"
      aria-label={t("actions.close")}
    >
      <X className="h-5 w-5" aria-hidden="true" />
    </button>
  );
}
