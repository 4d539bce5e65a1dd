import type { Route } from "./+types/cardcom-webhook";
import { databaseContext, envContext } from "~/context.ts";
import { cardcomClientFor, LOW_PROFILE_ID, settleLowProfile } from "~/payments/card-payments.server.ts";
import {
  limitPaymentCalls,
  outcomeResponse,
  paymentsText,
  WEBHOOK_BODY_LIMIT,
  WEBHOOK_RATE_LIMIT,
} from "~/payments/payment-api.server.ts";
import { jsonAnswer, jsonError, methodNotAllowed } from "~/server/json-api.server.ts";

/**
 * The Low Profile id a Cardcom notification names: its JSON body's `LowProfileId`, or the form
 * field `lowprofilecode` of Cardcom's older notifications. Nothing else in the body is believed.
 */
async function lowProfileIdOf(request: Request) {
  const text = await request.text();
  if (text.length > WEBHOOK_BODY_LIMIT) return undefined;
  let candidate: unknown;
  try {
    const body: unknown = JSON.parse(text);
    candidate = body && typeof body === "object" ? (body as Record<string, unknown>).LowProfileId : undefined;
  } catch {
    const form = new URLSearchParams(text);
    candidate = form.get("LowProfileId") ?? form.get("lowprofilecode");
  }
  return typeof candidate === "string" && LOW_PROFILE_ID.test(candidate) ? candidate : undefined;
}

export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(paymentsText(context), "POST");
}

/**
 * Cardcom's notification (the Low Profile's `WebHookUrl`) that a hosted page finished: the deal is
 * settled from Cardcom's own GetLpResult, so a forged or replayed call changes nothing.
 */
export async function action({ request, context }: Route.ActionArgs) {
  if (request.method !== "POST") return methodNotAllowed(paymentsText(context), "POST");
  const limited = await limitPaymentCalls(context, { name: "cardcom-webhook", rule: WEBHOOK_RATE_LIMIT });
  if (limited) return limited;
  const cardcom = cardcomClientFor(context.get(envContext));
  if (!cardcom) return jsonError(503, paymentsText(context)("errors.cardNotConfigured"));
  const lowProfileId = await lowProfileIdOf(request);
  if (!lowProfileId) return jsonError(400, paymentsText(context)("errors.badWebhook"));
  const outcome = await settleLowProfile(context.get(databaseContext), cardcom, lowProfileId);
  // A deal we never opened is acknowledged (Cardcom would retry it) and ignored.
  if ("error" in outcome && outcome.status === 404) return jsonAnswer({ received: true, known: false });
  return outcomeResponse(context, outcome);
}
