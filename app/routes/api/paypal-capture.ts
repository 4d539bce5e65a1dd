import type { Route } from "./+types/paypal-capture";
import { databaseContext } from "~/context.ts";
import { jsonError, limitPaymentCalls, methodNotAllowed, outcomeResponse, requirePayPal } from "~/payments/payment-api.server.ts";
import { captureOrderForBill, PAYPAL_ORDER_ID } from "~/payments/payments.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(context, "POST");
}

/** Captures an order this server opened and marks its bill paid, once; no body. */
export async function action({ request, params, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(context, "POST");
  const limited = await limitPaymentCalls(context);
  if (limited) return limited;
  if (!PAYPAL_ORDER_ID.test(params.orderId)) return jsonError(context, "errors.orderNotFound", 404);
  const { paypal, refusal } = requirePayPal(context);
  if (refusal) return refusal;
  return outcomeResponse(context, await captureOrderForBill(context.get(databaseContext), paypal, params.orderId));
}
