import type { Route } from "./+types/paypal-setup";
import { limitPaymentCalls, outcomeResponse, requirePayPal } from "~/payments/payment-api.server.ts";
import { paypalFailure } from "~/payments/payments.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

/** A browser client token for PayPal's buttons (public: the pay page asks for it; rate limited). */
export async function loader({ context }: Route.LoaderArgs) {
  const limited = await limitPaymentCalls(context);
  if (limited) return limited;
  const { paypal, refusal } = requirePayPal(context);
  if (refusal) return refusal;
  try {
    return outcomeResponse(context, { status: 200, body: { clientToken: await paypal.generateClientToken() } });
  } catch (error) {
    return outcomeResponse(context, paypalFailure(error, { step: "client-token" }));
  }
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
