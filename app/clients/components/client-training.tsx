import { Bot } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Link } from "react-router";
import { Button } from "~/components/ui/button.tsx";
import { Card } from "~/components/ui/card.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { useCodeLabels } from "~/i18n/code-labels.ts";

/** The client page's AI Training tab: what the assistant was told, and the way to the training page. */
export function ClientTraining({
  clientId,
  training,
}: {
  clientId: number;
  training: { greeting: string; tone: string; businessInfo: string } | null;
}) {
  const { t } = useTranslation("clients");
  const labels = useCodeLabels();
  const configure = (
    <Button asChild>
      <Link to={`/admin/ai-training?clientId=${clientId}`}>
        <Bot className="h-4 w-4" aria-hidden="true" />
        {t("detail.training.configure")}
      </Link>
    </Button>
  );
  if (!training) {
    return (
      <Card>
        <EmptyState
          icon={Bot}
          title={t("detail.training.empty")}
          description={t("detail.training.emptyDescription")}
          action={configure}
        />
      </Card>
    );
  }
  return (
    <Card aria-labelledby="client-training-title" className="space-y-4">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h2 id="client-training-title" className="text-lg font-semibold">
          {t("detail.training.title")}
        </h2>
        {configure}
      </div>
      <dl className="space-y-3">
        <div>
          <dt className="font-medium text-slate-600">{t("detail.training.greeting")}</dt>
          <dd className="whitespace-pre-line">{training.greeting || t("detail.training.defaultGreeting")}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">{t("detail.training.tone")}</dt>
          <dd>{training.tone ? labels.tone(training.tone) : t("detail.training.defaultTone")}</dd>
        </div>
        <div>
          <dt className="font-medium text-slate-600">{t("detail.training.businessInfo")}</dt>
          <dd className="whitespace-pre-line">{training.businessInfo || t("detail.training.noBusinessInfo")}</dd>
        </div>
      </dl>
    </Card>
  );
}
