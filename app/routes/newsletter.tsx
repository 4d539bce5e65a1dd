import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { dataWithInfo, dataWithSuccess } from "remix-toast";
import type { Route } from "./+types/newsletter";
import { LandingPage } from "~/components/landing/landing-page.tsx";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { loadLandingPage } from "~/landing/landing-page.server.ts";
import { newsletterSchema } from "~/landing/newsletter-schema.ts";
import {
  checkPublicFormLimit,
  countPublicFormSubmission,
  isDataRequest,
  isHoneypotFilled,
} from "~/landing/public-form.server.ts";
import { subscribeToNewsletter } from "~/models/newsletter-subscriber.server.ts";
import { tooManyRequestsHeaders } from "~/server/rate-limit.server.ts";

type Outcome = "subscribed" | "already";

export const handle = { i18n: ["landing"] };

/** Renders the landing page, so a post without JavaScript that fails comes back as the page with its errors. */
export function loader({ url, context }: Route.LoaderArgs) {
  return loadLandingPage({ url, context });
}

export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const { ip } = context.get(requestInfoContext);
  // A body that is not a form reads as an empty one, and gets "required" messages.
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseWithZod(formData, { schema: newsletterSchema });

  const verdict = await checkPublicFormLimit(db, "newsletter", ip);
  if (verdict.limited) {
    return data(
      { result: submission.reply({ formErrors: ["forms.tooManyRequests"] }) },
      { status: 429, headers: tooManyRequestsHeaders(verdict) },
    );
  }
  if (isHoneypotFilled(formData)) {
    await countPublicFormSubmission(db, "newsletter", ip);
    return confirm(request, context, "subscribed", submission.reply({ resetForm: true }));
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }

  await countPublicFormSubmission(db, "newsletter", ip);
  const outcome = await subscribeToNewsletter(db, submission.value.email, context.get(languageContext));
  return confirm(
    request,
    context,
    outcome.kind === "subscribed" ? "subscribed" : "already",
    submission.reply({ resetForm: true }),
  );
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
