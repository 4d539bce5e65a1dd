import type { Route } from "./+types/channels-whatsapp";
import {
  WHATSAPP_BODY_LIMIT,
  answerWhatsAppVerification,
  handleWhatsAppWebhook,
} from "~/channels/whatsapp-webhook.server.ts";
import { limitChannelWebhook } from "~/channels/webhook-limit.server.ts";
import { databaseContext, envContext, liveEventsContext, requestInfoContext } from "~/context.ts";
import { publicOrigin } from "~/env.server.ts";
import { apiText, bodyRefused, methodNotAllowed } from "~/server/json-api.server.ts";
import { readRawJsonBody } from "~/server/json-body.server.ts";

/** WhatsApp's webhook (Cloud API): public, Meta's handshake on GET, signed messages on POST. */
export async function loader({ url, context }: Route.LoaderArgs) {
  const text = apiText(context, "channels");
  const limited = await limitChannelWebhook(context.get(requestInfoContext).ip, text);
  if (limited) return limited;
  return answerWhatsAppVerification(context.get(databaseContext), url.searchParams, text);
}

export async function action({ request, context, url }: Route.ActionArgs) {
  const text = apiText(context, "channels");
  if (request.method !== "POST") return methodNotAllowed(text, "GET, POST");
  const limited = await limitChannelWebhook(context.get(requestInfoContext).ip, text);
  if (limited) return limited;
  const body = await readRawJsonBody(request, WHATSAPP_BODY_LIMIT);
  if (body.kind !== "raw") return bodyRefused(text, body.kind);
  return handleWhatsAppWebhook(
    context.get(databaseContext),
    {
      env: context.get(envContext),
      liveEvents: context.get(liveEventsContext),
      origin: publicOrigin(context.get(envContext), url),
    },
    {
      body: body.bytes,
      signature: request.headers.get("X-Hub-Signature-256"),
      text,
    },
  );
}
