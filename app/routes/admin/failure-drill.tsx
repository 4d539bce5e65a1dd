import { useTranslation } from "react-i18next";
import { Suspense } from "react";
import { Await, data, Form, Link } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/failure-drill";
import { Button } from "~/components/ui/button.tsx";
import { PageHeader } from "~/components/ui/page-header.tsx";
import { envContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { streamed } from "~/server/streamed.server.ts";

/**
 * A page that fails on purpose, so the end-to-end tests can prove that an admin page's error (in
 * its loader, its action or its render) and a 404 it throws for an unknown id keep the admin shell.
 * No real page fails on demand, and none should. It answers only when the test server sets
 * FAILURE_DRILL; everywhere else, production included, it is the admin 404 like any unknown address.
 */
const failureSchema = z.enum(["loader", "render", "not-found", "streamed-outage"]).optional().catch(undefined);

export function loader({ url, context }: Route.LoaderArgs) {
  requireDrill(context);
  const failIn = failureSchema.parse(url.searchParams.get("in") ?? undefined);
  if (failIn === "loader") throw new Error("Failure drill: the loader failed on purpose.");
  if (failIn === "not-found") throw data(null, { status: 404 });
  return {
    failInRender: failIn === "render",
    // For tests/integration/faults/drill-server.test.ts: a part streamed to the page fails as an
    // unreachable database would, while the database itself answers.
    unreachable: failIn === "streamed-outage" ? streamed(Promise.reject(unreachableDatabase())) : null,
    title: getTranslator(context)("failureDrill.title", { ns: "admin" }),
  };
}

export function action({ context }: Route.ActionArgs) {
  requireDrill(context);
  throw new Error("Failure drill: the action failed on purpose.");
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Failure drill"} | Alex` },
];

export default function FailureDrill({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation("admin");
  if (loaderData.failInRender) throw new Error("Failure drill: the page failed to render on purpose.");
  return (
    <div className="space-y-6">
      {loaderData.unreachable ? (
        <Suspense fallback={null}>
          <Await resolve={loaderData.unreachable}>{() => null}</Await>
        </Suspense>
      ) : null}
      <PageHeader title={t("failureDrill.title")} description={t("failureDrill.description")} />
      <ul className="list-disc space-y-1 ps-5">
        {(["loader", "render", "not-found"] as const).map((failIn) => (
          <li key={failIn}>
            <Link to={`?in=${failIn}`} className="text-brand-700 underline">
              {t(`failureDrill.in.${failIn}`)}
            </Link>
          </li>
        ))}
      </ul>
      <Form method="post">
        <Button type="submit" variant="danger">
          {t("failureDrill.in.action")}
        </Button>
      </Form>
    </div>
  );
}

function unreachableDatabase() {
  return Object.assign(new Error("Failure drill: the database was unreachable while a streamed part loaded."), {
    code: "ECONNREFUSED",
  });
}

function requireDrill(context: Route.LoaderArgs["context"]) {
  if (!context.get(envContext).FAILURE_DRILL) throw data(null, { status: 404 });
}
