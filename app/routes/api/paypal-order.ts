import type { Route } from "./+types/paypal-order";
import { databaseContext, envContext } from "~/context.ts";
import {
  limitPaymentCalls,
  outcomeResponse,
  paymentsText,
  readPaymentBody,
  requirePayPal,
} from "~/payments/payment-api.server.ts";
import { createOrderBodySchema, createOrderForBill } from "~/payments/payments.server.ts";
import { jsonError, methodNotAllowed } from "~/server/json-api.server.ts";

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(paymentsText(context), "POST");
}

/** Opens a PayPal order for the bill the pay token names: `{token, amount?, currency?, intent?}` → 201 `{id}`. */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(paymentsText(context), "POST");
  const limited = await limitPaymentCalls(context);
  if (limited) return limited;
  const body = await readPaymentBody(request, context);
  if (body.refusal) return body.refusal;
  const parsed = createOrderBodySchema.safeParse(body.value);
  if (!parsed.success) return jsonError(400, paymentsText(context)("errors.badOrder"));
  const { paypal, refusal } = requirePayPal(context);
  if (refusal) return refusal;
  const timeZone = context.get(envContext).TZ_DISPLAY;
  return outcomeResponse(
    context,
    await createOrderForBill(context.get(databaseContext), paypal, parsed.data, { timeZone }),
  );
}
