import type { SubmissionResult } from "@conform-to/react";
import { redirect } from "react-router";
import { dataWithInfo, dataWithSuccess } from "remix-toast";
import type { Route } from "./+types/newsletter";
import { LandingPage } from "~/landing/components/landing-page.tsx";
import { databaseContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { loadLandingPage } from "~/landing/landing-page.server.ts";
import { newsletterSchema } from "~/landing/newsletter-schema.ts";
import { isDataRequest, screenPublicFormPost } from "~/landing/public-form.server.ts";
import { subscribeToNewsletter } from "~/models/newsletter-subscriber.server.ts";
import { loadAsDocument } from "~/islands/island-page.tsx";

type Outcome = "subscribed" | "already";

export const handle = { i18n: ["landing"], islands: true };

/** Renders the landing page, so a post without JavaScript that fails comes back as the page with its errors. */
export function loader({ url, context }: Route.LoaderArgs) {
  return loadLandingPage({ url, context });
}

export const clientLoader = loadAsDocument;

export async function action({ request, context }: Route.ActionArgs) {
  const post = await screenPublicFormPost(request, context, "newsletter", newsletterSchema);
  if (post.kind === "refused") return post.response;
  if (post.kind === "bot") return confirm(request, context, "subscribed", post.result);
  const outcome = await subscribeToNewsletter(
    context.get(databaseContext),
    post.value.email,
    context.get(languageContext),
  );
  return confirm(request, context, outcome.kind === "subscribed" ? "subscribed" : "already", post.result);
}

/** Retry-After of a refused post must reach the browser with the re-rendered page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Alex" },
  { name: "description", content: loaderData?.description ?? "" },
  { name: "robots", content: "noindex" },
];

export default function NewsletterPage({ loaderData, actionData }: Route.ComponentProps) {
  return <LandingPage data={loaderData} newsletterResult={actionData?.result} />;
}

/** An address already on the list is not an error: the visitor is told so, kindly, and nothing is added. */
function confirm(
  request: Request,
  context: Route.ActionArgs["context"],
  outcome: Outcome,
  result: SubmissionResult<string[]>,
) {
  if (!isDataRequest(request)) return redirect(`/?newsletter=${outcome}#newsletter`);
  const t = getTranslator(context);
  return outcome === "subscribed"
    ? dataWithSuccess({ result }, t("newsletter.subscribed", { ns: "landing" }))
    : dataWithInfo({ result }, t("newsletter.alreadySubscribed", { ns: "landing" }));
}
