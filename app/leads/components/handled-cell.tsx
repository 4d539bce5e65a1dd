import { Check, RotateCcw } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { isolate } from "~/lib/format.ts";
import { MARK_HANDLED_INTENT, MARK_UNHANDLED_INTENT } from "../lead-schema.ts";

type HandledCellProps = {
  /** What names the lead to the page's action, beside the intent: `{ list, id }` in the back-office, `{ lead }` in the portal. */
  fields: Record<string, string | number>;
  lead: { name: string; handledAt: Date | null; handledByName: string | null };
  formatDate: (date: Date) => string;
};

/** Whether someone has followed the lead up (when, by whom), and the button that changes it: a form post, so it works without JavaScript. */
export function HandledCell({ fields, lead, formatDate }: HandledCellProps) {
  const { t } = useTranslation("admin");
  const handled = lead.handledAt !== null;
  return (
    <div className="flex flex-col items-start gap-2">
      {lead.handledAt ? (
        <div className="text-xs text-slate-600">
          <Badge tone="success">{t("leads.handled.done", { date: formatDate(lead.handledAt) })}</Badge>
          {lead.handledByName ? (
            <p className="mt-1">{t("leads.handled.by", { name: isolate(lead.handledByName) })}</p>
          ) : null}
        </div>
      ) : (
        <Badge tone="warning">{t("leads.handled.open")}</Badge>
      )}
      <Form method="post" preventScrollReset>
        <input type="hidden" name="intent" value={handled ? MARK_UNHANDLED_INTENT : MARK_HANDLED_INTENT} />
        {Object.entries(fields).map(([name, value]) => (
          <input key={name} type="hidden" name={name} value={value} />
        ))}
        <Button type="submit" size="sm" variant={handled ? "ghost" : "secondary"}>
          {handled ? (
            <RotateCcw className="h-4 w-4" aria-hidden="true" />
          ) : (
            <Check className="h-4 w-4" aria-hidden="true" />
          )}
          {t(handled ? "leads.handled.unmark" : "leads.handled.mark")}
          <span className="sr-only">
            {" "}
            <bdi>{lead.name}</bdi>
          </span>
        </Button>
      </Form>
    </div>
  );
}
