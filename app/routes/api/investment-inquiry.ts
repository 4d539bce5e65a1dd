import type { Route } from "./+types/investment-inquiry";
import { investmentInquirySchema, languageOfRange } from "~/invest/inquiry-schema.ts";
import { databaseContext, requestInfoContext } from "~/context.ts";
import { isLanguage, type Language } from "~/i18n/config.ts";
import { languageContext } from "~/i18n/middleware.server.ts";
import { admitInquiryAttempt, saveInvestmentInquiry } from "~/invest/inquiry.server.ts";
import {
  apiTextIn,
  bodyRefused,
  invalidInput,
  jsonAnswer,
  methodNotAllowed,
  tooManyRequests,
} from "~/server/json-api.server.ts";
import { readJsonObject } from "~/server/json-body.server.ts";

/** Far above the largest valid inquiry (every field at its limit, in Hebrew), far below anything that hurts. */
const MAX_BODY_BYTES = 32 * 1024;

/** The inquiry's texts: the invest namespace's wording ("Send the inquiry with POST."), then common's. */
const inquiryText = (language: Language) => apiTextIn(language, "invest");

/** The investor pages' form posts its JSON here, and nothing else. */
export async function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(await inquiryText(context.get(languageContext)), "POST");
}

/**
 * 201 with the new id; otherwise a 4xx with `{ error, fields? }` in the inquiry's language: the
 * body's `language` when it names one (the English page sends "en"), else the language whose page
 * offers the chosen range (dollars: English, shekels: Hebrew), else the request's.
 */
export async function action({ request, context }: Route.ActionArgs) {
  const requestLanguage = context.get(languageContext);
  if (request.method !== "POST") return methodNotAllowed(await inquiryText(requestLanguage), "POST");
  const db = context.get(databaseContext);
  const verdict = await admitInquiryAttempt(db, context.get(requestInfoContext).ip);
  if (verdict.limited) return tooManyRequests(await inquiryText(requestLanguage), verdict);

  const body = await readJsonObject(request, MAX_BODY_BYTES);
  if (body.kind !== "object") return bodyRefused(await inquiryText(requestLanguage), body.kind);

  const language: Language = isLanguage(body.value.language)
    ? body.value.language
    : (languageOfRange(body.value.investmentAmount) ?? requestLanguage);
  const parsed = investmentInquirySchema(language).safeParse(body.value);
  if (!parsed.success) return invalidInput(await inquiryText(language), parsed.error);

  const { id } = await saveInvestmentInquiry(db, parsed.data, language);
  return jsonAnswer({ id }, { status: 201 });
}
