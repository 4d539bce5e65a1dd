import { echoForm, parseForm } from "~/components/ui/parse-form.ts";
import { ArrowLeft, Eye } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, Link } from "react-router";
import type { Route } from "./+types/test-plugin-preview";
import { ContactPreviewForm } from "~/demo/components/contact-preview-form.tsx";
import { contactPreviewSchema } from "~/demo/contact-preview-schema.ts";
import { admitPreviewPost } from "~/demo/preview-limit.server.ts";
import { LanguageSelect } from "~/components/language-select.tsx";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { tooManyRequestsHeaders } from "~/server/rate-limit.server.ts";

export const handle = { i18n: ["demo"] };

export function loader({ context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  return { title: t("preview.title", { ns: "demo" }), description: t("preview.description", { ns: "demo" }) };
}

/**
 * Only browsers without JavaScript post here (with it, the form never leaves the page). The details
 * are checked like in the browser and then dropped: nothing is stored, logged or sent on.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const verdict = await admitPreviewPost(context.get(databaseContext), context.get(requestInfoContext).ip);
  if (verdict.limited) {
    return data(
      {
        result: echoForm(await request.formData(), { schema: contactPreviewSchema }).reply({
          formErrors: ["preview.errors.tooMany"],
        }),
        previewedName: null,
      },
      { status: 429, headers: tooManyRequestsHeaders(verdict) },
    );
  }
  const submission = parseForm(await request.formData(), { schema: contactPreviewSchema });
  if (submission.status !== "success")
    return data({ result: submission.reply(), previewedName: null }, { status: 400 });
  return { result: submission.reply(), previewedName: submission.value.fullName };
}

/** Retry-After of a refused post must reach the browser with the re-rendered page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Plugin preview"} | Alex` },
  { name: "description", content: loaderData?.description ?? "" },
];

export default function TestPluginPreview({ actionData }: Route.ComponentProps) {
  const { t } = useTranslation("demo");
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 to-slate-50">
      <header className="mx-auto flex max-w-lg flex-wrap items-center gap-2 px-4 py-3">
        <Link
          to="/"
          className="inline-flex items-center gap-1 rounded text-sm font-medium text-brand-700 hover:underline"
        >
          <ArrowLeft className="h-4 w-4 rtl:rotate-180" aria-hidden="true" />
          {t("backHome")}
        </Link>
        <LanguageSelect className="ms-auto" />
      </header>
      <main className="mx-auto flex max-w-lg flex-col gap-4 px-4 pt-4 pb-12">
        <div className="rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-950">
          <p className="flex items-center gap-2 font-semibold">
            <Eye className="h-5 w-5 shrink-0" aria-hidden="true" />
            {t("preview.badge")}
          </p>
          <p className="mt-1 text-sm">{t("preview.explanation")}</p>
        </div>
        <section
          aria-labelledby="contact-preview-heading"
          className="rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <h1 id="contact-preview-heading" className="text-2xl font-bold text-slate-900">
            {t("preview.heading")}
          </h1>
          <p className="mt-1 mb-5 text-slate-600">{t("preview.intro")}</p>
          <ContactPreviewForm lastResult={actionData?.result} previewedName={actionData?.previewedName} />
        </section>
      </main>
    </div>
  );
}
