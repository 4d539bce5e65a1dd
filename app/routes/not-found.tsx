import { data } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "~/components/error-page.tsx";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { loadAsDocument } from "~/islands/island-page.tsx";

export const handle = { islands: true };

export function loader({ context }: Route.LoaderArgs) {
  return data({ title: getTranslator(context)("notFound.title") }, { status: 404 });
}

export const clientLoader = loadAsDocument;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Page Not Found"} | Alex` },
];

export default function NotFound() {
  const { t } = useTranslation();
  return <ErrorPage status={404} title={t("notFound.title")} message={t("notFound.message")} />;
}
