import { parseForm } from "~/components/ui/parse-form.ts";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import { redirectWithSuccess } from "remix-toast";
import type { Route } from "./+types/wordpress-connection";
import { WordPressConnectionForm } from "~/checks/components/wordpress-connection-form.tsx";
import { loadWordPressConnectionView, updateWordPressConnection } from "~/checks/wordpress-connection.server.ts";
import { wordpressConnectionSchema } from "~/checks/wordpress-connection-schema.ts";
import { requireClientForPage } from "~/clients/clients.server.ts";
import { Card } from "~/components/ui/card.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { databaseContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";

export const handle = { i18n: ["checks"] };

export async function loader({ params, context }: Route.LoaderArgs) {
  const client = await requireClientForPage(context, params.clientId);
  return {
    title: getTranslator(context)("connection.title", { ns: "checks" }),
    client: { id: client.id, businessName: client.businessName },
    connection: await loadWordPressConnectionView(context.get(databaseContext), client.id),
  };
}

/** Saves the connection, then goes back where the form was (the system status page, or the client's settings). */
export async function action({ request, url, params, context }: Route.ActionArgs) {
  const client = await requireClientForPage(context, params.clientId);
  const submission = parseForm(await request.formData(), { schema: wordpressConnectionSchema });
  if (submission.status !== "success") {
    return data({ result: submission.reply({ hideFields: ["applicationPassword"] }) }, { status: 400 });
  }
  await updateWordPressConnection(context.get(databaseContext), client.id, submission.value);
  const back = new URL(request.headers.get("Referer") ?? "", url);
  const sameOrigin = back.origin === url.origin && back.pathname.startsWith("/admin/");
  return redirectWithSuccess(
    sameOrigin ? `${back.pathname}${back.search}` : `/admin/system-status?clientId=${client.id}`,
    getTranslator(context)("connection.saved", { ns: "checks" }),
  );
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "WordPress connection"} | Alex` },
];

export default function WordPressConnectionPage({ loaderData, actionData }: Route.ComponentProps) {
  const { t } = useTranslation("checks");
  const { client, connection } = loaderData;
  return (
    <div className="space-y-6">
      <PageHeader
        title={t("connection.title")}
        description={t("connection.intro", { businessName: client.businessName })}
        actions={
          <Link
            to={`/admin/system-status?clientId=${client.id}`}
            className="text-sm font-medium text-brand-700 underline"
          >
            {t("connection.back")}
          </Link>
        }
      />
      <Card className="max-w-2xl">
        <WordPressConnectionForm clientId={client.id} connection={connection} lastResult={actionData?.result} />
      </Card>
    </div>
  );
}
