import { data } from "react-router";
import { useTranslation } from "react-i18next";
import type { Route } from "./+types/not-found";
import { ErrorPage } from "~/components/error-page.tsx";

export function loader() {
  return data(null, { status: 404 });
}

export const meta: Route.MetaFunction = () => [{ title: "404 | Alex" }];

export default function AdminNotFound() {
  const { t } = useTranslation();
  return <ErrorPage status={404} title={t("notFound.title")} message={t("notFound.message")} />;
}
