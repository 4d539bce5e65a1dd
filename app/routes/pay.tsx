import { Receipt } from "lucide-react";
import { useTranslation } from "react-i18next";
import { data, redirect } from "react-router";
import { z } from "zod";
import type { Route } from "./+types/pay";
import { formatPeriod, statusTone } from "~/billing/format-period.ts";
import { LanguageSelect } from "~/components/language-select.tsx";
import { Alert } from "~/components/ui/alert.tsx";
import { Badge } from "~/components/ui/badge.tsx";
import { databaseContext, envContext, nonceContext } from "~/context.ts";
import { publicOrigin } from "~/env.server.ts";
import { languageContext } from "~/i18n/middleware.server.ts";
import { formatCents, formatNumber } from "~/lib/format.ts";
import { TaxDocumentStatus } from "~/billing/components/tax-document-status.tsx";
import { cardcomClientFor, startCardPayment } from "~/payments/card-payments.server.ts";
import { loadPayPage, PAY_TOKEN } from "~/payments/pay-page.server.ts";
import { CardPayForm } from "~/payments/components/card-pay-form.tsx";
import { PayButtons } from "~/payments/components/pay-buttons.tsx";
import { limitPaymentCalls, paymentsText } from "~/payments/payment-api.server.ts";
import { PAYPAL_SANDBOX_URL, paypalSdkUrl } from "~/payments/paypal-client.server.ts";
import { contentSecurityPolicy } from "~/server/security.server.ts";

/** The pay page's one form: paying by Israeli card through Cardcom's hosted page. */
const payByCardSchema = z.object({ intent: z.literal("card") });

export const handle = { i18n: ["payments", "billing"] };

/** PayPal's SDK comes from its own host and draws its buttons in frames from there: the page's policy allows that host, and only here. */
export const middleware: Route.MiddlewareFunction[] = [
  async ({ context }, next) => {
    const response = (await next()) as Response;
    const origin = new URL(paypalSdkUrl(context.get(envContext).PAYPAL_BASE_URL ?? PAYPAL_SANDBOX_URL)).origin;
    const paypalOrigins =
      origin === "https://www.paypal.com" ? [origin, "https://*.paypal.com", "https://*.paypalobjects.com"] : [origin];
    // The card form is answered with a redirect to Cardcom's page, which the form's policy must allow.
    const env = context.get(envContext);
    const cardcomOrigins = cardcomClientFor(env) ? [new URL(env.CARDCOM_BASE_URL).origin] : [];
    response.headers.set(
      "Content-Security-Policy",
      contentSecurityPolicy(context.get(nonceContext), "'none'", {
        script: paypalOrigins,
        frame: paypalOrigins,
        connect: paypalOrigins,
        img: paypalOrigins,
        form: cardcomOrigins,
      }),
    );
    response.headers.set("Cache-Control", "private, no-store");
    // The pay token in the address never leaves for another site; the page's own card form still
    // names its origin (with no-referrer a browser sends `Origin: null`, which React Router refuses).
    response.headers.set("Referrer-Policy", "same-origin");
    return response;
  },
];

/** The bill behind the pay token, what it comes to, and how it may be paid (app/payments/pay-page.server.ts). */
export function loader({ params, context, url }: Route.LoaderArgs) {
  return loadPayPage(context, params.token, url);
}

/** "Pay by Israeli card": opens a Low Profile deal for the bill and sends the payer to Cardcom's page. */
export async function action({ params, request, context, url }: Route.ActionArgs) {
  const env = context.get(envContext);
  const t = paymentsText(context);
  const limited = await limitPaymentCalls(context);
  if (limited) return limited;
  const cardcom = cardcomClientFor(env);
  if (!cardcom) return data({ error: t("errors.cardNotConfigured") }, { status: 503 });
  const parsed = payByCardSchema.safeParse(Object.fromEntries(await request.formData()));
  if (!parsed.success) return data({ error: t("errors.badIntent") }, { status: 400 });
  if (!PAY_TOKEN.test(params.token)) return data({ error: t("errors.billNotFound") }, { status: 404 });
  const started = await startCardPayment(context.get(databaseContext), cardcom, {
    payToken: params.token,
    origin: publicOrigin(env, url),
    language: context.get(languageContext),
    timeZone: env.TZ_DISPLAY,
  });
  if ("error" in started) return data({ error: t(started.error) }, { status: started.status });
  return redirect(started.url);
}

export const meta: Route.MetaFunction = ({ loaderData }) => [
  { title: `${loaderData?.title ?? "Pay"} | Alex` },
  { name: "robots", content: "noindex" },
];

export default function Pay({ loaderData, actionData }: Route.ComponentProps) {
  const { t, i18n } = useTranslation("payments");
  const { bill, paypal, token, timeZone, taxDocument, refunded, creditNote, morningConfigured, card, cardNotice } =
    loaderData;
  const language = i18n.language;
  const money = (cents: number) => (
    <bdi className="whitespace-nowrap tabular-nums">{formatCents(cents, language, bill.currency)}</bdi>
  );
  const paid = bill.status === "paid";
  const longDate = (date: Date) =>
    new Intl.DateTimeFormat(language === "he" ? "he-IL" : "en-US", { dateStyle: "long", timeZone }).format(date);
  return (
    <div className="min-h-dvh bg-gradient-to-b from-brand-50 to-slate-50">
      <header className="mx-auto flex max-w-lg items-center gap-2 px-4 py-3">
        <span className="font-bold text-brand-700">Alex</span>
        <LanguageSelect className="ms-auto" />
      </header>
      <main className="mx-auto max-w-lg px-4 pt-4 pb-12">
        <section
          aria-labelledby="pay-heading"
          className="space-y-5 rounded-2xl border border-slate-200 bg-white p-6 shadow-sm"
        >
          <div className="flex items-start gap-3">
            <Receipt className="mt-1 h-6 w-6 shrink-0 text-brand-600" aria-hidden="true" />
            <div className="min-w-0 flex-1">
              <h1 id="pay-heading" className="text-2xl font-bold text-slate-900">
                {t("pay.heading")}
              </h1>
              <p className="text-slate-600">
                <bdi>{bill.businessName}</bdi> · {formatPeriod(bill.period, language)}
              </p>
            </div>
            {refunded ? (
              <Badge tone="neutral">{t("status.refunded", { ns: "billing" })}</Badge>
            ) : (
              <Badge tone={statusTone(bill.status)}>
                {t(`status.${bill.status}`, { ns: "billing", defaultValue: bill.status })}
              </Badge>
            )}
          </div>
          <dl className="grid grid-cols-[1fr_auto] gap-x-4 gap-y-2">
            <dt className="text-slate-600">{t("pay.baseFee")}</dt>
            <dd className="text-end">{money(bill.baseFeeCents)}</dd>
            <dt className="text-slate-600">{t("pay.usageFees")}</dt>
            <dd className="text-end">{money(bill.usageFeesCents)}</dd>
            <dt className="border-t border-slate-100 pt-2 text-slate-600">{t("pay.net")}</dt>
            <dd className="border-t border-slate-100 pt-2 text-end">
              {money(bill.baseFeeCents + bill.usageFeesCents)}
            </dd>
            <dt className="text-slate-600">
              {bill.vatRateBasisPoints === 0
                ? t("pay.zeroRated")
                : t("pay.vat", { rate: formatNumber(bill.vatRateBasisPoints / 100, language) })}
            </dt>
            <dd className="text-end">{money(bill.vatCents)}</dd>
            <dt className="border-t border-slate-200 pt-2 font-semibold">
              {t(bill.payableFrom ? "pay.totalSoFar" : "pay.total")}
            </dt>
            <dd className="border-t border-slate-200 pt-2 text-end text-lg font-bold">{money(bill.totalCents)}</dd>
          </dl>
          {paid ? (
            <Alert tone="success" title={t(refunded ? "pay.refundedInFull" : "pay.alreadyPaid")}>
              <span className="block">
                <TaxDocumentStatus document={taxDocument} paid morningConfigured={morningConfigured} />
              </span>
              {refunded ? (
                <span className="mt-1 block">
                  <TaxDocumentStatus
                    document={creditNote}
                    paid
                    morningConfigured={morningConfigured}
                    kind="creditNote"
                  />
                </span>
              ) : null}
            </Alert>
          ) : bill.payableFrom ? (
            <Alert tone="info">{t("pay.monthInProgress", { date: longDate(bill.payableFrom) })}</Alert>
          ) : (
            <>
              <p className="text-sm text-slate-600">{t("pay.due", { date: longDate(bill.dueAt) })}</p>
              <CardPayForm
                offered={Boolean(card)}
                notice={cardNotice}
                error={actionData && "error" in actionData ? String(actionData.error) : null}
              />
              {card && paypal ? <p className="text-sm font-medium text-slate-700">{t("pay.orPayPal")}</p> : null}
              {paypal ? (
                <>
                  <noscript>
                    <Alert tone="warning">{t("pay.needsJavaScript")}</Alert>
                  </noscript>
                  <PayButtons
                    sdkUrl={paypal.sdkUrl}
                    clientId={paypal.clientId}
                    currency={bill.currency}
                    token={token}
                    amount={(bill.totalCents / 100).toFixed(2)}
                  />
                </>
              ) : card ? null : (
                <Alert tone="warning">{t("pay.notConfigured")}</Alert>
              )}
            </>
          )}
        </section>
      </main>
    </div>
  );
}
