import type { Route } from "./+types/paypal-webhook";
import { databaseContext, envContext } from "~/context.ts";
import {
  limitPaymentCalls,
  outcomeResponse,
  paymentsText,
  paypalNotConfigured,
  readPaymentBody,
  requirePayPal,
  WEBHOOK_BODY_LIMIT,
  WEBHOOK_RATE_LIMIT,
} from "~/payments/payment-api.server.ts";
import { handlePayPalWebhook } from "~/payments/payments.server.ts";
import { methodNotAllowed } from "~/server/json-api.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(paymentsText(context), "POST");
}

/** PayPal's webhook (PAYMENT.CAPTURE.COMPLETED marks the bill paid), its signature checked through PayPal. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(paymentsText(context), "POST");
  const limited = await limitPaymentCalls(context, { name: "paypal-webhook", rule: WEBHOOK_RATE_LIMIT });
  if (limited) return limited;
  const webhookId = context.get(envContext).PAYPAL_WEBHOOK_ID;
  const { paypal, refusal } = requirePayPal(context);
  if (refusal) return refusal;
  if (!webhookId) return paypalNotConfigured(context);
  const body = await readPaymentBody(request, context, WEBHOOK_BODY_LIMIT);
  if (body.refusal) return body.refusal;
  return outcomeResponse(
    context,
    await handlePayPalWebhook(context.get(databaseContext), paypal, {
      webhookId,
      headers: request.headers,
      event: body.value,
    }),
  );
}
