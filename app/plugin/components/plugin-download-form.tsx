import { Download } from "lucide-react";
import { useState, type FormEvent } from "react";
import { useTranslation } from "react-i18next";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { SelectField } from "~/components/ui/form-fields.tsx";

export const PLUGIN_DOWNLOAD_PATH = "/api/download/plugin";

type PickerClient = {
  id: number;
  businessName: string;
  websiteDomain: string;
  status: "active" | "suspended" | "cancelled";
};
type State = { kind: "idle" } | { kind: "downloading" } | { kind: "failed"; detail: string | null };

const filenameOf = (response: Response) =>
  /filename="([^"]+)"/.exec(response.headers.get("Content-Disposition") ?? "")?.[1] ?? "alex-ai-assistant.zip";

/**
 * A GET form to the download route: without JavaScript the browser downloads the ZIP itself.
 * With it, the ZIP is fetched first, so a failure shows 'could not download the plugin' on this
 * page instead of an error page.
 */
export function PluginDownloadForm({ clients, selectedId }: { clients: PickerClient[]; selectedId: number | null }) {
  const { t } = useTranslation("plugin");
  const [state, setState] = useState<State>({ kind: "idle" });

  async function download(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const query = new URLSearchParams(new FormData(event.currentTarget) as unknown as Record<string, string>);
    setState({ kind: "downloading" });
    try {
      const response = await fetch(`${PLUGIN_DOWNLOAD_PATH}?${query}`, { credentials: "same-origin" });
      if (!response.ok) {
        const body = (await response.json().catch(() => null)) as { error?: unknown } | null;
        setState({ kind: "failed", detail: typeof body?.error === "string" ? body.error : null });
        return;
      }
      const link = document.createElement("a");
      link.href = URL.createObjectURL(await response.blob());
      link.download = filenameOf(response);
      link.click();
      setTimeout(() => URL.revokeObjectURL(link.href), 10_000);
      setState({ kind: "idle" });
    } catch {
      setState({ kind: "failed", detail: null });
    }
  }

  if (clients.length === 0) return <p className="text-slate-600">{t("download.noClients")}</p>;
  const fallbackId = clients.find((client) => client.status === "active")?.id ?? clients[0]!.id;
  return (
    <form method="get" action={PLUGIN_DOWNLOAD_PATH} onSubmit={download} className="flex flex-wrap items-end gap-3">
      <SelectField
        label={t("download.client")}
        name="clientId"
        defaultValue={String(selectedId ?? fallbackId)}
        className="min-w-0 flex-1 basis-64"
        options={clients.map((client) => ({
          value: String(client.id),
          label: `${client.businessName} (${client.websiteDomain})${client.status === "active" ? "" : ` · ${t(`download.status.${client.status}`)}`}`,
        }))}
      />
      <Button type="submit" disabled={state.kind === "downloading"}>
        <Download className="h-4 w-4" aria-hidden="true" />
        {state.kind === "downloading" ? t("download.downloading") : t("download.submit")}
      </Button>
      {state.kind === "failed" ? (
        <Alert tone="error" className="basis-full">
          {t("download.failed")}
          {state.detail ? `: ${state.detail}` : ""}
        </Alert>
      ) : null}
    </form>
  );
}
