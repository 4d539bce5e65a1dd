import type { SubmissionResult } from "@conform-to/react";
import { data, type RouterContextProvider } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import { z } from "zod";
import { isConfirmed } from "~/components/ui/confirm.tsx";
import { parseForm } from "~/components/ui/parse-form.ts";
import { databaseContext, operatorContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { findClientById, listClientsForPicker } from "~/models/client.server.ts";
import {
  deleteSavedReply,
  insertSavedReply,
  listRepliesForClient,
  listSavedReplies,
  updateSavedReply,
  type SavedReplyOwner,
  type SavedReplyValues,
} from "~/models/saved-replies.server.ts";
import {
  businessSavedReplySchema,
  savedReplyIdSchema,
  savedReplyIntentSchema,
  SHARED_OWNER,
  teamSavedReplySchema,
} from "./saved-reply-schema.ts";

type Context = Readonly<RouterContextProvider>;

/**
 * Whose page it is: the provider's team manages every client's replies and the shared ones; a
 * business (its id from the session, never the request) manages its own and reads the shared ones.
 */
export type SavedRepliesScope = { kind: "team" } | { kind: "business"; clientId: number };

/** The back-office's filter: every reply, the shared ones, or one client's with the shared ones. */
const filterSchema = z
  .union([z.literal(SHARED_OWNER), z.coerce.number().int().positive()])
  .optional()
  .catch(undefined);

/** What the saved-replies page answers when a post is refused: which form sent it, and why. */
export type SavedRepliesActionData = {
  target: number | "add";
  result: SubmissionResult<string[]> | null;
  confirmDelete?: number;
};

export async function loadSavedRepliesPage(context: Context, scope: SavedRepliesScope, url: URL) {
  const db = context.get(databaseContext);
  const editing = savedReplyIdSchema.safeParse(url.searchParams.get("edit"));
  const edit = editing.success ? editing.data : null;
  if (scope.kind === "business") {
    const rows = await listRepliesForClient(db, scope.clientId);
    return {
      kind: "business" as const,
      replies: rows.map((row) => ({ ...row, businessName: null, editable: row.clientId !== null })),
      clients: [],
      filter: "",
      edit,
    };
  }
  const filter = filterSchema.parse(url.searchParams.get("client") ?? undefined);
  const [rows, clients] = await Promise.all([
    listSavedReplies(db, { clientId: filter === SHARED_OWNER ? null : filter }),
    listClientsForPicker(db),
  ]);
  return {
    kind: "team" as const,
    replies: rows.map((row) => ({ ...row, editable: true })),
    clients: clients.map((client) => ({ id: client.id, name: client.businessName })),
    filter: filter === undefined ? "" : String(filter),
    edit,
  };
}

export type SavedRepliesPageData = Awaited<ReturnType<typeof loadSavedRepliesPage>>;

/**
 * The page's posts by `intent`: add, edit, delete (asked first, without JavaScript on a step of its
 * own). A business's reply is always its own business's: an id of another business's or of a shared
 * reply is a 404, and a business named in the body is never read. Refused input answers 400 with the
 * form's reasons; done, back to `here` (the list as it was filtered) with a toast.
 */
export async function handleSavedRepliesAction(
  request: Request,
  context: Context,
  scope: SavedRepliesScope,
  here: string,
) {
  const db = context.get(databaseContext);
  const t = getTranslator(context);
  const person = context.get(operatorContext);
  const formData = await request.formData();
  const intent = savedReplyIntentSchema.safeParse(formData.get("intent"));
  if (!intent.success) throw data(t("errors.intent", { ns: "saved-replies" }), { status: 400 });
  const owner: SavedReplyOwner = scope.kind === "team" ? "any" : { clientId: scope.clientId };
  const notFound = () => data(t("errors.notFound", { ns: "saved-replies" }), { status: 404 });

  let target: number | "add" = "add";
  if (intent.data !== "add") {
    const id = savedReplyIdSchema.safeParse(formData.get("replyId"));
    if (!id.success) throw notFound();
    if (intent.data === "delete") {
      if (!isConfirmed(formData)) {
        return { target: id.data, result: null, confirmDelete: id.data } satisfies SavedRepliesActionData;
      }
      if (!(await deleteSavedReply(db, id.data, owner))) throw notFound();
      return redirectWithSuccess(here, t("deleted", { ns: "saved-replies" }));
    }
    target = id.data;
  }

  const refused = (result: SubmissionResult<string[]>) =>
    data({ target, result } satisfies SavedRepliesActionData, { status: 400 });
  let values: SavedReplyValues;
  let reply: (fieldErrors: Record<string, string[]>) => SubmissionResult<string[]>;
  if (scope.kind === "team") {
    const submission = parseForm(formData, { schema: teamSavedReplySchema });
    if (submission.status !== "success") return refused(submission.reply());
    const { owner: chosen, ...texts } = submission.value;
    const clientId = chosen === SHARED_OWNER ? null : chosen;
    if (clientId !== null && !(await findClientById(db, clientId))) {
      return refused(submission.reply({ fieldErrors: { owner: ["errors.owner"] } }));
    }
    values = { ...texts, clientId };
    reply = (fieldErrors) => submission.reply({ fieldErrors });
  } else {
    const submission = parseForm(formData, { schema: businessSavedReplySchema });
    if (submission.status !== "success") return refused(submission.reply());
    values = { ...submission.value, clientId: scope.clientId };
    reply = (fieldErrors) => submission.reply({ fieldErrors });
  }

  const outcome =
    target === "add"
      ? await insertSavedReply(db, values, person.id)
      : await updateSavedReply(db, target, owner, values);
  if (outcome === "taken") return refused(reply({ name: ["errors.nameTaken"] }));
  if (outcome === "missing") throw notFound();
  return redirectWithSuccess(here, t(target === "add" ? "added" : "saved", { ns: "saved-replies", name: values.name }));
}
