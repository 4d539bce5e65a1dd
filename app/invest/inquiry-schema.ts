import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text.ts";
import type { Language } from "~/i18n/config.ts";

/** The English page asks in dollars, the Hebrew page in shekels. `max` is absent for the open-ended top range. */
export const INVESTMENT_RANGES = {
  en: [
    { value: "50k-100k", min: 50_000, max: 100_000 },
    { value: "100k-250k", min: 100_000, max: 250_000 },
    { value: "250k-500k", min: 250_000, max: 500_000 },
    { value: "500k-1m", min: 500_000, max: 1_000_000 },
    { value: "1m+", min: 1_000_000 },
  ],
  he: [
    { value: "180k-360k", min: 180_000, max: 360_000 },
    { value: "360k-900k", min: 360_000, max: 900_000 },
    { value: "900k-1.8m", min: 900_000, max: 1_800_000 },
    { value: "1.8m-3.6m", min: 1_800_000, max: 3_600_000 },
    { value: "3.6m+", min: 3_600_000 },
  ],
} as const satisfies Record<Language, readonly { value: string; min: number; max?: number }[]>;

export type InvestmentRange = { value: string; min: number; max?: number };

/** The page a range belongs to: dollar ranges are the English page's, shekel ranges the Hebrew page's. */
export function languageOfRange(amount: unknown): Language | undefined {
  return (Object.keys(INVESTMENT_RANGES) as Language[]).find((language) =>
    INVESTMENT_RANGES[language].some((range) => range.value === amount),
  );
}

export const INVESTMENT_CURRENCY = { en: "USD", he: "ILS" } as const satisfies Record<Language, string>;

export const EXPERTISE_AREAS = [
  "funding",
  "marketing",
  "tech",
  "business",
  "advisory",
  "partnerships",
  "operations",
] as const;
export type ExpertiseArea = (typeof EXPERTISE_AREAS)[number];

export const INQUIRY_LIMITS = { name: 100, email: 254, phone: 30, company: 150, message: 4000 } as const;

export const INQUIRY_FIELDS = [
  "name",
  "email",
  "phone",
  "company",
  "investmentAmount",
  "expertise",
  "message",
] as const;
export type InquiryField = (typeof INQUIRY_FIELDS)[number];

const optionalText = (max: number, text = singleLineText) =>
  text({ error: "form.errors.invalid" }).trim().max(max, { error: "form.errors.tooLong", abort: true }).optional();

/**
 * One schema for the browser, the page's own action and the JSON API. Messages are keys of the
 * `invest` namespace, translated where they are shown. The amount must be one of the page's ranges.
 */
export function investmentInquirySchema(language: Language) {
  const ranges: readonly string[] = INVESTMENT_RANGES[language].map((range) => range.value);
  return z.object({
    name: singleLineText({ error: "form.errors.nameRequired" })
      .trim()
      .min(1, "form.errors.nameRequired")
      .max(INQUIRY_LIMITS.name, "form.errors.tooLong"),
    email: singleLineText({ error: "form.errors.emailRequired" })
      .trim()
      .min(1, "form.errors.emailRequired")
      .max(INQUIRY_LIMITS.email, "form.errors.tooLong")
      .pipe(z.email("form.errors.emailInvalid")),
    phone: optionalText(INQUIRY_LIMITS.phone).refine(
      (phone) => !phone || /^[+\d][\d\s()-]*$/.test(phone),
      "form.errors.phoneInvalid",
    ),
    company: optionalText(INQUIRY_LIMITS.company),
    investmentAmount: singleLineText({ error: "form.errors.amountRequired" })
      .trim()
      .min(1, { error: "form.errors.amountRequired", abort: true })
      .refine((amount) => ranges.includes(amount), "form.errors.amountInvalid"),
    expertise: singleLineText({ error: "form.errors.invalid" })
      .trim()
      .refine(
        (area) => area === "" || (EXPERTISE_AREAS as readonly string[]).includes(area),
        "form.errors.expertiseInvalid",
      )
      .optional(),
    message: optionalText(INQUIRY_LIMITS.message, multiLineText),
  });
}

export type InvestmentInquiryInput = z.infer<ReturnType<typeof investmentInquirySchema>>;
