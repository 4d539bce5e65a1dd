import type { SubmissionResult } from "@conform-to/react";
import { redirect } from "react-router";
import { dataWithSuccess } from "remix-toast";
import type { Route } from "./+types/contact";
import { LandingPage } from "~/landing/components/landing-page.tsx";
import { databaseContext } from "~/context.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { contactSchema } from "~/landing/contact-schema.ts";
import { loadLandingPage } from "~/landing/landing-page.server.ts";
import { isDataRequest, screenPublicFormPost } from "~/landing/public-form.server.ts";
import { createContactLead } from "~/models/contact-lead.server.ts";
import { loadAsDocument } from "~/islands/island-page.tsx";

export const handle = { i18n: ["landing"], islands: true };

/** Renders the landing page, so a post without JavaScript that fails comes back as the page with its errors. */
export function loader({ url, context }: Route.LoaderArgs) {
  return loadLandingPage({ url, context });
}

export const clientLoader = loadAsDocument;

export async function action({ request, context }: Route.ActionArgs) {
  const post = await screenPublicFormPost(request, context, "contact", contactSchema);
  if (post.kind === "refused") return post.response;
  if (post.kind === "accepted") {
    const { fullName, phone, email, marketingConsent } = post.value;
    await createContactLead(context.get(databaseContext), {
      fullName,
      phone,
      email,
      marketingConsent: marketingConsent ?? false,
      language: context.get(languageContext),
    });
  }
  return confirmSent(request, context, post.result);
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

function confirmSent(request: Request, context: Route.ActionArgs["context"], result: SubmissionResult<string[]>) {
  if (isDataRequest(request)) {
    return dataWithSuccess({ result }, getTranslator(context)("contact.sent", { ns: "landing" }));
  }
  return redirect("/?contact=sent#contact");
}
