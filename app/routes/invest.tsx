import { parseForm } from "~/components/ui/parse-form.ts";
import { data, redirect } from "react-router";
import type { Route } from "./+types/invest";
import { investmentInquirySchema } from "~/invest/inquiry-schema.ts";
import { InvestorPitch } from "~/invest/components/investor-pitch.tsx";
import { formatCompactMoney } from "~/invest/money.ts";
import { PITCH_MONEY } from "~/invest/pitch-figures.ts";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { INVEST_PATHS } from "~/i18n/config.ts";
import { getTranslator, languageContext } from "~/i18n/middleware.server.ts";
import { investorChatUrl } from "~/invest/chat-link.server.ts";
import { admitInquiryAttempt, saveInvestmentInquiry } from "~/invest/inquiry.server.ts";
import { pageCacheMiddleware } from "~/server/page-cache.server.ts";
import { tooManyRequestsHeaders } from "~/server/rate-limit.server.ts";
import { loadAsDocument } from "~/islands/island-page.tsx";

const SENT_PARAM = "inquiry";

/**
 * The plain page depends only on its language and its chat link, which the Hebrew page reads from
 * the database (the demo client's license key): the cache reads the link on every visit and renders
 * afresh when it changed (docs/decisions/004-page-cache.md).
 */
export const middleware: Route.MiddlewareFunction[] = [
  pageCacheMiddleware({
    variant: async (context) =>
      (await investorChatUrl(context.get(databaseContext), context.get(languageContext))) ?? "",
  }),
];

/** Serves /invest-en and /invest-he: the i18n middleware fixes each path's language. */
export const handle = { i18n: ["invest"], islands: true };

export async function loader({ url, context }: Route.LoaderArgs) {
  const language = context.get(languageContext);
  const t = getTranslator(context);
  const money = PITCH_MONEY[language];
  return {
    language,
    chatUrl: await investorChatUrl(context.get(databaseContext), language),
    inquirySent: url.searchParams.get(SENT_PARAM) === "sent",
    title: t("meta.title", { ns: "invest" }),
    description: t("meta.description", { ns: "invest", ask: formatCompactMoney(money.ask, money.currency, language) }),
  };
}

export const clientLoader = loadAsDocument;

/** The form without JavaScript: the same schema as the browser and the API, then back to the page, which confirms. */
export async function action({ request, context }: Route.ActionArgs) {
  const db = context.get(databaseContext);
  const language = context.get(languageContext);
  // A body that is not a form reads as an empty one, and gets "required" messages rather than a 500.
  const formData = await request.formData().catch(() => new FormData());
  const submission = parseForm(formData, { schema: investmentInquirySchema(language) });
  const verdict = await admitInquiryAttempt(db, context.get(requestInfoContext).ip);
  if (verdict.limited) {
    return data(
      { result: submission.reply({ formErrors: ["form.errors.rateLimited"] }) },
      { status: 429, headers: tooManyRequestsHeaders(verdict) },
    );
  }
  if (submission.status !== "success") return data({ result: submission.reply() }, { status: 400 });
  await saveInvestmentInquiry(db, submission.value, language);
  return redirect(`${INVEST_PATHS[language]}?${SENT_PARAM}=sent#investment-form`);
}

export const headers: Route.HeadersFunction = ({ actionHeaders }) => actionHeaders;

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: loaderData?.title ?? "Alex" },
  { name: "description", content: loaderData?.description ?? "" },
];

export default function Invest({ loaderData, actionData }: Route.ComponentProps) {
  return (
    <InvestorPitch
      language={loaderData.language}
      chatUrl={loaderData.chatUrl}
      lastResult={actionData?.result}
      inquirySent={loaderData.inquirySent}
    />
  );
}
