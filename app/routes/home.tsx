import { useTranslation } from "react-i18next";
import type { Route } from "./+types/home";
import { SiteHeader } from "~/components/site-header.tsx";
import { getTranslator } from "~/i18n/middleware.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  return { title: t("site.title"), description: t("site.description") };
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Alex" },
  { name: "description", content: loaderData?.description ?? "" },
];

export default function Home() {
  const { t } = useTranslation();
  return (
    <>
      <SiteHeader />
      <main>
        <section className="bg-gradient-to-b from-brand-50 to-white px-4 py-20 text-center">
          <h1 className="mx-auto max-w-3xl text-4xl font-bold tracking-tight text-slate-900 sm:text-5xl">{t("site.heroTitle")}</h1>
          <p className="mx-auto mt-6 max-w-2xl text-lg text-slate-600">{t("site.heroSubtitle")}</p>
        </section>
      </main>
    </>
  );
}
