import { RefreshCw } from "lucide-react";
import { useState } from "react";
import { useTranslation } from "react-i18next";
import { Button } from "~/components/ui/button.tsx";
import { Toaster, type ToastMessage } from "~/components/ui/toast.tsx";
import { useHydrated } from "./use-hydrated.ts";

/**
 * Reads the client's HivePress listings into its knowledge base (`POST /api/admin/sync-hive-data`,
 * spec §7) and shows the server's message, or 'Sync Failed'. It needs JavaScript: a JSON API has no page to come back to.
 */
export function SyncDataButton({ clientId }: { clientId: number }) {
  const { t } = useTranslation("clients");
  const hydrated = useHydrated();
  const [syncing, setSyncing] = useState(false);
  const [toast, setToast] = useState<ToastMessage | null>(null);

  async function sync() {
    setSyncing(true);
    setToast(null);
    try {
      const response = await fetch("/api/admin/sync-hive-data", {
        method: "POST",
        credentials: "include",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ clientId }),
      });
      const body = (await response.json().catch(() => ({}))) as { message?: unknown; error?: unknown };
      if (!response.ok) throw new Error(typeof body.error === "string" ? body.error : "");
      setToast({ type: "success", message: t("detail.syncDone"), description: typeof body.message === "string" ? body.message : undefined });
    } catch {
      setToast({ type: "error", message: t("detail.syncFailed"), description: t("detail.syncFailedDescription") });
    } finally {
      setSyncing(false);
    }
  }

  return (
    <>
      <Button type="button" variant="secondary" onClick={sync} disabled={!hydrated || syncing}>
        <RefreshCw className={syncing ? "h-4 w-4 animate-spin" : "h-4 w-4"} aria-hidden="true" />
        {syncing ? t("detail.syncing") : t("detail.sync")}
      </Button>
      <Toaster toast={toast} />
    </>
  );
}
