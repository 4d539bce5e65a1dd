import { Download, Search, Trash2 } from "lucide-react";
import { useTranslation } from "react-i18next";
import { Form } from "react-router";
import { VISITOR_SEARCH_KINDS } from "#db/vocabulary.ts";
import { Alert } from "~/components/ui/alert.tsx";
import { Button } from "~/components/ui/button.tsx";
import { TitledCard } from "~/components/ui/card.tsx";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm.tsx";
import { SelectField, TextField } from "~/components/ui/form-fields.tsx";
import { formatEventTime } from "~/lib/format.ts";
import type { loadPrivacyTab } from "../visitor-data-tab.server.ts";
import { VISITOR_VALUE_MAX } from "../visitor-data.ts";

type PrivacyTabData = Awaited<ReturnType<typeof loadPrivacyTab>>;

/**
 * The client page's Privacy tab: find one visitor by session id, phone, e-mail or Telegram identity, see a summary of
 * what is stored, export it as JSON or erase it (asked first), and the audit trail of both.
 */
export function VisitorDataTab({
  data: { timeZone, now },
  privacy: { search, requests },
  confirmErase,
  eraseError,
  paths: { tabPath, exportPath, searchFields = {} },
}: {
  data: { timeZone: string; now: Date };
  privacy: PrivacyTabData;
  confirmErase: { kind: string; q: string } | undefined;
  eraseError: string | undefined;
  /**
   * Where the search shows (and the erasure posts), where the export downloads from, and the hidden
   * fields the search keeps in the address (the client page's `tab`).
   */
  paths: { tabPath: string; exportPath: string; searchFields?: Record<string, string> };
}) {
  const { t, i18n } = useTranslation("clients");
  const time = (date: Date) => formatEventTime(new Date(date), new Date(now), i18n.language, timeZone);
  const found = search?.found;
  const query = search ? new URLSearchParams({ kind: search.kind, q: search.q }).toString() : "";
  const eraseText = {
    title: t("detail.privacy.confirmTitle"),
    description: t("detail.privacy.confirmDescription"),
    confirmLabel: t("detail.privacy.erase"),
  };
  return (
    <div className="space-y-6">
      <TitledCard
        id="visitor-search-title"
        title={t("detail.privacy.title")}
        description={t("detail.privacy.description")}
        className="space-y-4"
      >
        <Form method="get" className="grid gap-3 sm:grid-cols-[12rem_1fr_auto] sm:items-end">
          {Object.entries(searchFields).map(([name, value]) => (
            <input key={name} type="hidden" name={name} value={value} />
          ))}
          <SelectField
            label={t("detail.privacy.kind")}
            name="kind"
            defaultValue={search?.kind || "phone"}
            options={VISITOR_SEARCH_KINDS.map((kind) => ({ value: kind, label: t(`detail.privacy.kinds.${kind}`) }))}
          />
          <TextField
            label={t("detail.privacy.value")}
            name="q"
            dir="ltr"
            required
            maxLength={VISITOR_VALUE_MAX}
            defaultValue={search?.q}
            errors={search?.errors}
          />
          <Button type="submit">
            <Search className="h-4 w-4" aria-hidden="true" />
            {t("detail.privacy.find")}
          </Button>
        </Form>
        {eraseError ? <Alert tone="error">{eraseError}</Alert> : null}
        {confirmErase ? (
          <ConfirmStep
            {...eraseText}
            fields={{ intent: "erase-visitor", kind: confirmErase.kind, q: confirmErase.q }}
            action={tabPath}
            cancelTo={tabPath}
          />
        ) : null}
        {found ? (
          <section aria-labelledby="visitor-found-title" className="space-y-3">
            <h3 id="visitor-found-title" className="font-semibold">
              {t("detail.privacy.found")}
            </h3>
            <p>{t("detail.privacy.counts", found.counts)}</p>
            {found.sessions.length > 0 ? (
              <ul className="divide-y divide-slate-100 text-sm">
                {found.sessions.map((session) => (
                  <li key={session.publicId} className="flex flex-wrap gap-x-4 gap-y-1 py-2">
                    <span className="font-mono" dir="ltr" translate="no">
                      {session.publicId.slice(0, 12)}…
                    </span>
                    <span>{time(session.lastMessageAt)}</span>
                    <span>
                      {[session.contactDetails.clientName, session.contactDetails.phone].filter(Boolean).join(" · ")}
                    </span>
                    {session.images.length > 0 ? <span>{session.images.join(", ")}</span> : null}
                  </li>
                ))}
              </ul>
            ) : null}
            <div className="flex flex-wrap gap-3">
              <Button asChild variant="secondary">
                <a href={`${exportPath}?${query}`} download>
                  <Download className="h-4 w-4" aria-hidden="true" />
                  {t("detail.privacy.export")}
                </a>
              </Button>
              <Form id="erase-visitor" method="post" action={tabPath}>
                <input type="hidden" name="intent" value="erase-visitor" />
                <input type="hidden" name="kind" value={search.kind} />
                <input type="hidden" name="q" value={search.q} />
                <ConfirmButton form="erase-visitor" {...eraseText} variant="danger">
                  <Trash2 className="h-4 w-4" aria-hidden="true" />
                  {t("detail.privacy.erase")}
                </ConfirmButton>
              </Form>
            </div>
          </section>
        ) : null}
      </TitledCard>
      <TitledCard id="privacy-requests-title" title={t("detail.privacy.requests")}>
        {requests.length === 0 ? (
          <p className="text-slate-600">{t("detail.privacy.requestsEmpty")}</p>
        ) : (
          <ul className="divide-y divide-slate-100">
            {requests.map((request) => (
              <li key={request.id} className="flex flex-wrap items-center justify-between gap-2 py-3 text-sm">
                <span>
                  {t(`detail.privacy.actions.${request.action}`)} · {t(`detail.privacy.kinds.${request.searchKind}`)}{" "}
                  <bdi dir="ltr">{request.searchMasked}</bdi> · {t("detail.privacy.counts", request.counts)}
                </span>
                <span className="text-slate-600">
                  {time(request.createdAt)} ·{" "}
                  {request.operator
                    ? t("detail.settings.by", { operator: request.operator })
                    : t("detail.settings.bySystem")}
                </span>
              </li>
            ))}
          </ul>
        )}
      </TitledCard>
    </div>
  );
}
