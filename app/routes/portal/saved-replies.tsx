import { useTranslation } from "react-i18next";
import type { Route } from "./+types/saved-replies";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { portalClientContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { SavedRepliesPanel } from "~/saved-replies/components/saved-replies-panel.tsx";
import { handleSavedRepliesAction, loadSavedRepliesPage } from "~/saved-replies/saved-replies-page.server.ts";

export const handle = { i18n: ["saved-replies"] };

const PATH = "/portal/saved-replies";

/** The business is the session's person's, never the address's or the form's. */
const scopeOf = (context: Route.LoaderArgs["context"]) =>
  ({ kind: "business", clientId: context.get(portalClientContext) }) as const;

export async function loader({ context, url }: Route.LoaderArgs) {
  return {
    title: getTranslator(context)("title", { ns: "saved-replies" }),
    page: await loadSavedRepliesPage(context, scopeOf(context), url),
  };
}

/** Add, edit, delete the business's own replies; a shared one, or another business's, is a 404. */
export function action({ request, context }: Route.ActionArgs) {
  return handleSavedRepliesAction(request, context, scopeOf(context), PATH);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Saved replies"} | Alex` },
];

export default function PortalSavedReplies({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("saved-replies");
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("businessSubtitle")} />
      <SavedRepliesPanel page={loaderData.page} actionData={actionData} path={PATH} />
    </div>
  );
}
