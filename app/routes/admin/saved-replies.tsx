import { useTranslation } from "react-i18next";
import type { Route } from "./+types/saved-replies";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { SavedRepliesPanel } from "~/saved-replies/components/saved-replies-panel.tsx";
import { handleSavedRepliesAction, loadSavedRepliesPage } from "~/saved-replies/saved-replies-page.server.ts";

export const handle = { i18n: ["saved-replies"] };

const TEAM = { kind: "team" } as const;

/** The list as filtered, without the reply being edited: where a post comes back to. */
const listPath = (url: URL) => {
  const client = url.searchParams.get("client");
  return client ? `${url.pathname}?${new URLSearchParams({ client })}` : url.pathname;
};

export async function loader({ context, url }: Route.LoaderArgs) {
  return {
    title: getTranslator(context)("title", { ns: "saved-replies" }),
    path: listPath(url),
    page: await loadSavedRepliesPage(context, TEAM, url),
  };
}

/** Add, edit, delete: every client's replies and the shared ones (the admin layout checked the permission). */
export function action({ request, context, url }: Route.ActionArgs) {
  return handleSavedRepliesAction(request, context, TEAM, listPath(url));
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Saved replies"} | Alex` },
];

export default function AdminSavedReplies({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("saved-replies");
  return (
    <div className="space-y-6">
      <PageHeader title={t("title")} description={t("teamSubtitle")} />
      <SavedRepliesPanel page={loaderData.page} actionData={actionData} path={loaderData.path} />
    </div>
  );
}
