import type { SubmissionResult } from "@conform-to/react";
import { parseWithZod } from "@conform-to/zod/v4";
import { data, redirect } from "react-router";
import { dataWithSuccess } from "remix-toast";
import type { Route } from "./+types/contact";
import { LandingPage } from "~/components/landing/landing-page.tsx";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { contactSchema } from "~/landing/contact-schema.ts";
import { loadLandingPage } from "~/landing/landing-page.server.ts";
import {
  checkPublicFormLimit,
  countPublicFormSubmission,
  isDataRequest,
  isHoneypotFilled,
} from "~/landing/public-form.server.ts";
import { createContactLead } from "~/models/contact-lead.server.ts";
import { tooManyRequestsHeaders } from "~/server/rate-limit.server.ts";

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
  const submission = parseWithZod(formData, { schema: contactSchema });

  const verdict = await checkPublicFormLimit(db, "contact", ip);
  if (verdict.limited) {
    return data(
      { result: submission.reply({ formErrors: ["forms.tooManyRequests"] }) },
      { status: 429, headers: tooManyRequestsHeaders(verdict) },
    );
  }
  if (isHoneypotFilled(formData)) {
    await countPublicFormSubmission(db, "contact", ip);
    return confirmSent(request, context, submission.reply({ resetForm: true }));
  }
  if (submission.status !== "success") {
    return data({ result: submission.reply() }, { status: 400 });
  }

  const { fullName, phone, email, marketingConsent } = submission.value;
  await countPublicFormSubmission(db, "contact", ip);
  await createContactLead(db, {
    fullName,
    phone,
    email,
    marketingConsent: marketingConsent ?? false,
    language: context.get(languageContext),
  });
  return confirmSent(request, context, submission.reply({ resetForm: true }));
}

/** Retry-After of a refused post must reach the browser with the re-rendered page. */
export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Alex" },
  { name: "description", content: loaderData?.description ?? "" },
  { name: "robots", content: "noindex" },
];

export default function ContactPage({ loaderData, actionData }: Route.ComponentProps) {
  return <LandingPage data={loaderData} contactResult={actionData?.result} />;
}

function confirmSent(
  request: Request,
  context: Route.ActionArgs["context"],
  result: SubmissionResult<string[]>,
) {
  if (isDataRequest(request)) {
    return dataWithSuccess({ result }, getTranslator(context)("contact.sent", { ns: "landing" }));
  }
  return redirect("/?contact=sent#contact");
}
