import { getFormProps, useForm, type SubmissionResult } from "@conform-to/react";
import { MessageSquareText, Pencil, Plus, Save, Trash2 } from "lucide-react";
import { useEffect, useRef } from "react";
import { useTranslation } from "react-i18next";
import { Form, Link, useNavigation } from "react-router";
import { Badge } from "~/components/ui/badge.tsx";
import { Button } from "~/components/ui/button.tsx";
import { Card, TitledCard } from "~/components/ui/card.tsx";
import { ConfirmButton, ConfirmStep } from "~/components/ui/confirm.tsx";
import { EmptyState } from "~/components/ui/empty-state.tsx";
import { FormErrors, SelectField, TextareaField, TextField } from "~/components/ui/form-fields.tsx";
import { FormMessages } from "~/components/ui/form-messages.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { MESSAGE_MAX_LENGTH } from "~/conversations/chat-contract.ts";
import type { SavedRepliesActionData, SavedRepliesPageData } from "../saved-replies-page.server.ts";
import {
  businessSavedReplySchema,
  SAVED_REPLY_NAME_MAX,
  SHARED_OWNER,
  teamSavedReplySchema,
} from "../saved-reply-schema.ts";

type Reply = SavedRepliesPageData["replies"][number];
type LastResult = SubmissionResult<string[]> | null | undefined;

/**
 * The saved replies a person may use, each with its name (what follows `/` in the reply box), whose
 * it is and its texts; the ones this page may change with a way to edit (`?edit=`, so it works
 * without JavaScript) and delete them; and a form for a new one. The back-office filters by client.
 */
export function SavedRepliesPanel({
  page,
  actionData,
  path,
}: {
  page: SavedRepliesPageData;
  actionData: SavedRepliesActionData | undefined;
  /** The page's own address with its filter: where each form posts and where "cancel" goes. */
  path: string;
}) {
  const { t } = useTranslation("saved-replies");
  const deleting = page.replies.find((reply) => reply.id === actionData?.confirmDelete);
  const resultFor = (target: number | "add") => (actionData?.target === target ? actionData.result : undefined);
  // A refused edit comes back to the list's address: its form stays open with the reasons.
  const editing = page.edit ?? (actionData?.result && actionData.target !== "add" ? actionData.target : null);
  const editPath = (id: number) => `${path}${path.includes("?") ? "&" : "?"}edit=${id}`;
  return (
    <FormMessages ns="saved-replies" values={{ max: MESSAGE_MAX_LENGTH, nameMax: SAVED_REPLY_NAME_MAX }}>
      <div className="space-y-6">
        {page.kind === "team" ? <ClientFilter clients={page.clients} filter={page.filter} /> : null}
        {deleting ? (
          <ConfirmStep
            title={t("deleteTitle", { name: deleting.name })}
            description={t("deleteDescription")}
            confirmLabel={t("delete")}
            fields={{ intent: "delete", replyId: deleting.id }}
            action={path}
            cancelTo={path}
          />
        ) : null}
        <TitledCard id="saved-replies-list-title" title={t("listTitle")} description={t("listDescription")}>
          {page.replies.length === 0 ? (
            <EmptyState icon={MessageSquareText} title={t("empty")} description={t("emptyHint")} />
          ) : (
            <ul className="divide-y divide-slate-200">
              {page.replies.map((reply) => (
                <li key={reply.id} className="py-4 first:pt-0 last:pb-0">
                  {editing === reply.id && reply.editable ? (
                    <ReplyForm
                      kind={page.kind}
                      clients={page.clients}
                      formId={`saved-reply-${reply.id}`}
                      reply={reply}
                      path={path}
                      lastResult={resultFor(reply.id)}
                    />
                  ) : (
                    <ReplyView reply={reply} kind={page.kind} editPath={editPath(reply.id)} path={path} />
                  )}
                </li>
              ))}
            </ul>
          )}
        </TitledCard>
        <TitledCard id="saved-reply-add-title" title={t("addTitle")} description={t("addDescription")}>
          <ReplyForm
            kind={page.kind}
            clients={page.clients}
            formId="saved-reply-add"
            path={path}
            lastResult={resultFor("add")}
            defaultOwner={page.filter || SHARED_OWNER}
          />
        </TitledCard>
      </div>
    </FormMessages>
  );
}

/** The back-office's filter: a GET form, so it works without JavaScript and the address keeps it. */
function ClientFilter({ clients, filter }: { clients: { id: number; name: string }[]; filter: string }) {
  const { t } = useTranslation("saved-replies");
  return (
    <Card>
      <Form method="get" className="flex flex-wrap items-end gap-3">
        <div className="min-w-56 flex-1 sm:flex-none">
          <SelectField
            name="client"
            label={t("filter.label")}
            defaultValue={filter}
            options={[
              { value: "", label: t("filter.all") },
              { value: SHARED_OWNER, label: t("filter.shared") },
              ...clients.map((client) => ({ value: String(client.id), label: client.name })),
            ]}
          />
        </div>
        <Button type="submit" variant="secondary">
          {t("filter.apply")}
        </Button>
      </Form>
    </Card>
  );
}

function ReplyView({
  reply,
  kind,
  editPath,
  path,
}: {
  reply: Reply;
  kind: SavedRepliesPageData["kind"];
  editPath: string;
  path: string;
}) {
  const { t } = useTranslation("saved-replies");
  const removeFormId = `saved-reply-${reply.id}-delete`;
  const shared = reply.clientId === null;
  return (
    <article aria-labelledby={`saved-reply-${reply.id}-name`} className="space-y-3">
      <div className="flex flex-wrap items-center gap-2">
        <h3 id={`saved-reply-${reply.id}-name`} className="font-mono text-base font-semibold" dir="auto">
          /{reply.name}
        </h3>
        {shared ? (
          <Badge tone="info">{kind === "team" ? t("sharedBadge") : t("sharedReadOnly")}</Badge>
        ) : kind === "team" ? (
          <Badge>
            <bdi>{reply.businessName}</bdi>
          </Badge>
        ) : null}
      </div>
      <dl className="grid gap-3 md:grid-cols-2">
        {(["he", "en"] as const).map((language) => {
          const text = language === "he" ? reply.textHe : reply.textEn;
          return (
            <div key={language} className="min-w-0">
              <dt className="text-xs font-medium text-slate-500">{t(`languages.${language}`)}</dt>
              <dd
                lang={language}
                dir={language === "he" ? "rtl" : "ltr"}
                className="mt-1 text-sm break-words whitespace-pre-wrap text-slate-800"
              >
                {text || <span className="text-slate-500">{t("noText")}</span>}
              </dd>
            </div>
          );
        })}
      </dl>
      {reply.editable ? (
        <div className="flex flex-wrap gap-2">
          <Button asChild variant="secondary" size="sm">
            <Link to={editPath} preventScrollReset aria-label={t("editNamed", { name: reply.name })}>
              <Pencil className="h-4 w-4" aria-hidden="true" />
              {t("edit")}
            </Link>
          </Button>
          <Form id={removeFormId} method="post" action={path}>
            <input type="hidden" name="intent" value="delete" />
            <input type="hidden" name="replyId" value={reply.id} />
            <ConfirmButton
              form={removeFormId}
              title={t("deleteTitle", { name: reply.name })}
              description={t("deleteDescription")}
              confirmLabel={t("delete")}
              variant="ghost"
              size="sm"
            >
              <Trash2 className="h-4 w-4" aria-hidden="true" />
              <span className="sr-only">{t("deleteNamed", { name: reply.name })}</span>
              <span aria-hidden="true">{t("delete")}</span>
            </ConfirmButton>
          </Form>
        </div>
      ) : null}
    </article>
  );
}

function ReplyForm({
  kind,
  clients,
  formId,
  reply,
  path,
  lastResult,
  defaultOwner = SHARED_OWNER,
}: {
  kind: SavedRepliesPageData["kind"];
  clients: { id: number; name: string }[];
  formId: string;
  reply?: Reply;
  path: string;
  lastResult: LastResult;
  defaultOwner?: string;
}) {
  const { t } = useTranslation("saved-replies");
  const navigation = useNavigation();
  const intent = reply ? "edit" : "add";
  const schema = kind === "team" ? teamSavedReplySchema : businessSavedReplySchema;
  const [form, fields] = useForm<{ name: string; textHe?: string; textEn?: string; owner?: string | number }>({
    id: formId,
    lastResult,
    defaultValue: {
      name: reply?.name ?? "",
      textHe: reply?.textHe ?? "",
      textEn: reply?.textEn ?? "",
      owner: reply ? (reply.clientId === null ? SHARED_OWNER : String(reply.clientId)) : defaultOwner,
    },
    shouldValidate: "onBlur",
    shouldRevalidate: "onInput",
    onValidate: ({ formData }) => parseForm(formData, { schema }),
  });
  const saving =
    navigation.state === "submitting" &&
    navigation.formData?.get("intent") === intent &&
    (reply === undefined || navigation.formData.get("replyId") === String(reply.id));
  // The page stays mounted across an added reply's redirect: the form empties for the next one.
  const wasSaving = useRef(false);
  useEffect(() => {
    if (saving) wasSaving.current = true;
    else if (navigation.state === "idle" && wasSaving.current) {
      wasSaving.current = false;
      if (!reply && !lastResult) form.reset();
    }
  }, [saving, navigation.state, reply, lastResult, form]);
  return (
    <Form method="post" action={path} {...getFormProps(form)} preventScrollReset className="space-y-3">
      {reply ? <input type="hidden" name="replyId" value={reply.id} /> : null}
      <FormErrors form={form} />
      {kind === "team" ? (
        <SelectField
          field={fields.owner}
          label={t("fields.owner")}
          options={[
            { value: SHARED_OWNER, label: t("fields.ownerShared") },
            ...clients.map((client) => ({ value: String(client.id), label: client.name })),
          ]}
        />
      ) : null}
      <TextField
        field={fields.name}
        label={t("fields.name")}
        hint={t("fields.nameHint")}
        dir="auto"
        autoComplete="off"
        maxLength={SAVED_REPLY_NAME_MAX}
      />
      <div className="grid gap-3 md:grid-cols-2">
        <TextareaField
          field={fields.textHe}
          label={t("fields.textHe")}
          rows={4}
          dir="rtl"
          lang="he"
          maxLength={MESSAGE_MAX_LENGTH}
        />
        <TextareaField
          field={fields.textEn}
          label={t("fields.textEn")}
          rows={4}
          dir="ltr"
          lang="en"
          maxLength={MESSAGE_MAX_LENGTH}
        />
      </div>
      <p className="text-sm text-slate-600">{t("fields.textHint")}</p>
      <div className="flex flex-wrap gap-3">
        <Button type="submit" name="intent" value={intent} disabled={saving}>
          {reply ? <Save className="h-4 w-4" aria-hidden="true" /> : <Plus className="h-4 w-4" aria-hidden="true" />}
          {reply ? t("save") : t("add")}
        </Button>
        {reply ? (
          <Button asChild variant="ghost">
            <Link to={path} preventScrollReset>
              {t("cancel")}
            </Link>
          </Button>
        ) : null}
      </div>
    </Form>
  );
}
