import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";

type FormActionsProps = {
  /** The form's `intent`: what the server saves. */
  intent: string;
  saveLabel: string;
  /** Brings the form back to what was last saved (a native reset: no JavaScript needed). */
  resetLabel: string;
  saving: boolean;
  disabled?: boolean;
};

/**
 * The save and reset of one settings form, inside it: each acts on its own form alone, and its label
 * names what it saves or restores, so two forms on a tab are never confused.
 */
export function FormActions({ intent, saveLabel, resetLabel, saving, disabled = false }: FormActionsProps) {
  const { t } = useTranslation("client-config");
  return (
    <div className="flex flex-wrap gap-3 border-t border-slate-200 pt-4">
      <Button type="submit" name="intent" value={intent} disabled={saving || disabled}>
        {saving ? t("bottom.saving") : saveLabel}
      </Button>
      <Button type="reset" variant="secondary" disabled={saving || disabled}>
        {resetLabel}
      </Button>
    </div>
  );
}
