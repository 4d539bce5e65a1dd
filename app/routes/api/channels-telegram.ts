import type { Route } from "./+types/channels-telegram";
import { TELEGRAM_BODY_LIMIT, admitTelegramUpdate, handleTelegramUpdate } from "~/channels/telegram-webhook.server.ts";
import { limitChannelWebhook } from "~/channels/webhook-limit.server.ts";
import { databaseContext, envContext, liveEventsContext, requestInfoContext } from "~/context.ts";
import { publicOrigin } from "~/env.server.ts";
import { apiText, bodyRefused, methodNotAllowed } from "~/server/json-api.server.ts";
import { readRawJsonBody } from "~/server/json-body.server.ts";

/** A Telegram bot's webhook: public, every update carrying the secret we gave setWebhook. */
export function loader({ context }: Route.LoaderArgs) {
  return methodNotAllowed(apiText(context, "channels"), "POST");
}

export async function action({ request, params, context, url }: Route.ActionArgs) {
  const text = apiText(context, "channels");
  if (request.method !== "POST") return methodNotAllowed(text, "POST");
  const limited = await limitChannelWebhook(context.get(requestInfoContext).ip, text);
  if (limited) return limited;
  const db = context.get(databaseContext);
  const admitted = await admitTelegramUpdate(db, {
    accountId: params.accountId,
    secret: request.headers.get("X-Telegram-Bot-Api-Secret-Token"),
    text,
  });
  if (admitted.refusal) return admitted.refusal;
  const body = await readRawJsonBody(request, TELEGRAM_BODY_LIMIT);
  if (body.kind !== "raw") return bodyRefused(text, body.kind);
  return handleTelegramUpdate(
    db,
    {
      env: context.get(envContext),
      liveEvents: context.get(liveEventsContext),
      origin: publicOrigin(context.get(envContext), url),
    },
    { connection: admitted.connection, body: body.bytes, text },
  );
}
