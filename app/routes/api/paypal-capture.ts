import type { Route } from "./+types/paypal-capture";
import { databaseContext } from "~/context.ts";
import { limitPaymentCalls, outcomeResponse, paymentsText, requirePayPal } from "~/payments/payment-api.server.ts";
import { captureOrderForBill, PAYPAL_ORDER_ID } from "~/payments/payments.server.ts";
import { methodNotAllowed, notFound } from "~/server/json-api.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(paymentsText(context), "POST");
}

/** Captures an order this server opened and marks its bill paid, once; no body. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(paymentsText(context), "POST");
  const limited = await limitPaymentCalls(context);
  if (limited) return limited;
  if (!PAYPAL_ORDER_ID.test(params.orderId)) return notFound(paymentsText(context), "errors.orderNotFound");
  const { paypal, refusal } = requirePayPal(context);
  if (refusal) return refusal;
  return outcomeResponse(context, await captureOrderForBill(context.get(databaseContext), paypal, params.orderId));
}
