import type { Route } from "./+types/investment-inquiry";
import { investmentInquirySchema, languageOfRange } from "~/invest/inquiry-schema.ts";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { isLanguage, type Language } from "~/i18n/config.ts";
import { getI18nInstance, languageContext } from "~/i18n/middleware.server.ts";
import { admitInquiryAttempt, saveInvestmentInquiry } from "~/invest/inquiry.server.ts";
import { JSON_BODY_REFUSALS, readJsonObject } from "~/server/json-body.server.ts";
import { tooManyRequestsHeaders } from "~/server/rate-limit.server.ts";

/** Far above the largest valid inquiry (every field at its limit, in Hebrew), far below anything that hurts. */
const MAX_BODY_BYTES = 32 * 1024;

const NO_STORE = { "Cache-Control": "no-store" };

type Translate = (key: string) => string;

/** The investor pages' form posts its JSON here, and nothing else. */
export async function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context.get(languageContext));
}

/**
 * 201 with the new id; otherwise a 4xx with `{ error, fields }` in the inquiry's language: the
 * body's `language` when it names one (the English page sends "en"), else the language whose page
 * offers the chosen range (dollars: English, shekels: Hebrew), else the request's.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context.get(languageContext));
  const db = context.get(databaseContext);
  const requestLanguage = context.get(languageContext);
  const verdict = await admitInquiryAttempt(db, context.get(requestInfoContext).ip);
  if (verdict.limited) {
    const t = await translatorFor(requestLanguage);
    return Response.json({ error: t("api.rateLimited"), fields: {} }, { status: 429, headers: { ...tooManyRequestsHeaders(verdict), ...NO_STORE } });
  }

  const body = await readJsonObject(request, MAX_BODY_BYTES);
  if (body.kind !== "object") {
    const t = await translatorFor(requestLanguage);
    const refusal = JSON_BODY_REFUSALS[body.kind];
    return Response.json({ error: t(refusal.key), fields: {} }, { status: refusal.status, headers: NO_STORE });
  }

  const language: Language = isLanguage(body.value.language)
    ? body.value.language
    : (languageOfRange(body.value.investmentAmount) ?? requestLanguage);
  const t = await translatorFor(language);
  const parsed = investmentInquirySchema(language).safeParse(body.value);
  if (!parsed.success) {
    const fields: Record<string, string> = {};
    for (const issue of parsed.error.issues) {
      const field = String(issue.path[0] ?? "");
      fields[field] ??= t(issue.message);
    }
    return Response.json({ error: t("api.invalid"), fields }, { status: 400, headers: NO_STORE });
  }

  const { id } = await saveInvestmentInquiry(db, parsed.data, language);
  return Response.json({ id }, { status: 201, headers: NO_STORE });
}

async function methodNotAllowed(language: Language) {
  const t = await translatorFor(language);
  return Response.json({ error: t("api.methodNotAllowed"), fields: {} }, { status: 405, headers: { Allow: "POST", ...NO_STORE } });
}

async function translatorFor(language: Language): Promise<Translate> {
  const instance = await getI18nInstance(language);
  return instance.getFixedT(language, "invest");
}
