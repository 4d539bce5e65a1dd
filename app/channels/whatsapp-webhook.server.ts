import { createHmac, randomBytes, timingSafeEqual } from "node:crypto";
import type { Database } from "#db/connection.ts";
import { credentialsKey, decryptSecret } from "~/checks/credentials.server.ts";
import {
  findChannelByAccount,
  findChannelByWebhookSecret,
  takeChannelDelivery,
} from "~/models/client-channel.server.ts";
import { jsonAnswer, jsonError, type ApiText } from "~/server/json-api.server.ts";
import { parseJsonBytes } from "~/server/json-body.server.ts";
import { runAfterAnswer } from "./background.server.ts";
import { fetchWhatsAppImage } from "./channel-apis.server.ts";
import { answerChannelMessage, type ChannelServices } from "./inbound.server.ts";
import { whatsappVerificationSchema, whatsappWebhookSchema } from "./webhook-schema.ts";

/** One webhook carries at most a few messages of text and media ids: 256 KiB is plenty. */
export const WHATSAPP_BODY_LIMIT = 256 * 1024;

/** Meta's handshake: the verify token must be one we gave a client; the challenge comes back as text. */
export async function answerWhatsAppVerification(db: Database, search: URLSearchParams, text: ApiText) {
  const parsed = whatsappVerificationSchema.safeParse(Object.fromEntries(search));
  if (!parsed.success) return jsonError(403, text("webhook.verificationRefused"));
  const connection = await findChannelByWebhookSecret(db, "whatsapp", parsed.data["hub.verify_token"]);
  if (!connection) return jsonError(403, text("webhook.verificationRefused"));
  return new Response(parsed.data["hub.challenge"], {
    headers: { "Content-Type": "text/plain; charset=utf-8", "Cache-Control": "no-store" },
  });
}

const SIGNATURE = /^sha256=([0-9a-f]{64})$/i;
/** Signed with when no number is connected, so an unknown number takes as long to refuse as a bad signature. */
const NO_SECRET = randomBytes(32).toString("base64url");

function signatureMatches(appSecret: string, body: Buffer, header: string) {
  const given = Buffer.from(SIGNATURE.exec(header)![1]!.toLowerCase(), "hex");
  const expected = createHmac("sha256", appSecret).update(body).digest();
  return timingSafeEqual(given, expected);
}

/**
 * A signed webhook (the body as read, at most WHATSAPP_BODY_LIMIT): the phone number id names the
 * client, whose app secret must have signed the exact bytes (X-Hub-Signature-256), else 401 and
 * nothing stored (an unknown number too). Each new message is taken once (channel_deliveries) and answered after the 200.
 * A webhook mixing numbers is Meta's for one app, so one secret: only the first number's messages count.
 * Status updates (sent, delivered, read) carry no message and are ignored.
 */
export async function handleWhatsAppWebhook(
  db: Database,
  services: ChannelServices,
  { body, signature, text }: { body: Buffer; signature: string | null; text: ApiText },
) {
  if (!signature || !SIGNATURE.test(signature)) return jsonError(401, text("webhook.signatureRefused"));
  const json = parseJsonBytes(body);
  const parsed = json.kind === "json" ? whatsappWebhookSchema.safeParse(json.value) : undefined;
  if (!parsed?.success) return jsonError(400, text("webhook.invalid"));
  const changes = parsed.data.entry.flatMap((entry) => entry.changes.map((change) => change.value));
  const phoneNumberId = changes[0]?.metadata.phone_number_id;
  const found = phoneNumberId ? await findChannelByAccount(db, "whatsapp", phoneNumberId) : undefined;
  const connection = found?.enabled ? found : undefined;
  const appSecret = connection?.appSecretEncrypted
    ? decryptSecret(credentialsKey(), connection.appSecretEncrypted)
    : undefined;
  // An unknown number is refused as a wrong signature is, after the same work, so the webhook does not
  // tell a stranger which numbers are connected.
  const signed = signatureMatches(appSecret ?? NO_SECRET, body, signature);
  if (!connection || !appSecret || !signed) return jsonError(401, text("webhook.signatureRefused"));

  const messages = changes
    .filter((change) => change.metadata.phone_number_id === phoneNumberId)
    .flatMap((change) => change.messages ?? [])
    .filter((message) => message.type === "text" || message.type === "image");
  const receivedAt = Date.now();
  let taken = 0;
  for (const message of messages) {
    if (
      !(await takeChannelDelivery(db, { channel: "whatsapp", clientId: connection.clientId, externalId: message.id }))
    )
      continue;
    taken += 1;
    runAfterAnswer(
      async () => {
        const token = decryptSecret(credentialsKey(), connection.accessTokenEncrypted);
        const image = message.image && token ? await fetchWhatsAppImage(token, message.image.id) : undefined;
        await answerChannelMessage(db, services, {
          connection,
          channelUserId: message.from,
          externalId: message.id,
          text: message.text?.body ?? message.image?.caption ?? "",
          images: image ? [image] : [],
          receivedAt,
          language: "he",
        });
      },
      { event: "whatsapp_reply_failed", clientId: connection.clientId },
    );
  }
  return jsonAnswer({ received: taken });
}
