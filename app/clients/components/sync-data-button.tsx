import { RefreshCw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form, useNavigation } from "react-router";
import { Button } from "~/components/ui/button.tsx";

/**
 * Reads the client's HivePress listings into its knowledge base: a post to the client page, which
 * comes back with 'Sync Complete' or 'Sync Failed' and the reason, with or without JavaScript.
 * (`POST /api/admin/sync-hive-data` does the same for API callers.)
 */
export function SyncDataButton() {
  const { t } = useTranslation("clients");
  const syncing = useNavigation().formData?.get("intent") === "sync";
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="sync" />
      <Button type="submit" variant="secondary" disabled={syncing}>
        <RefreshCw className={syncing ? "h-4 w-4 animate-spin" : "h-4 w-4"} aria-hidden="true" />
        {syncing ? t("detail.syncing") : t("detail.sync")}
      </Button>
    </Form>
  );
}
