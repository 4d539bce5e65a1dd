import { createHmac } from "node:crypto";
import { createServer, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";
import { readText } from "./request-body.ts";

/**
 * A local stand-in for WhatsApp's Cloud API (Meta's Graph API), answering as Meta documents it:
 * - POST /{phone-number-id}/messages (Bearer token) → 200 with the sent message's id, recorded in `sent`
 * - GET /{media-id} (Bearer token) → the media's short-lived `url` (here, on this server)
 * - GET /media/{media-id} (Bearer token) → the media's bytes
 * - GET /{phone-number-id}?fields=… (Bearer token) → the number, with its `webhook_configuration`
 * - a message to a number in `refusedRecipients` → 400, as Meta refuses a free text outside 24 hours
 * - anything without the token → 401 OAuthException
 * - anything while `hanging` is set → no answer at all
 * And the webhooks Meta sends us: signed with the app secret (X-Hub-Signature-256), or signed wrong.
 */
export type FakeWhatsApp = {
  url: string;
  /** The text messages our server sent: which number, to whom, what. */
  sent: { phoneNumberId: string; to: string; text: string }[];
  addMedia: (mediaId: string, bytes: Buffer) => void;
  /** A business phone number, and the callback URL Meta would send its webhooks to. */
  addPhoneNumber: (phoneNumberId: string, callbackUrl: string) => void;
  refusedRecipients: Set<string>;
  hanging: { on: boolean };
  close: () => Promise<void>;
};

function send(response: ServerResponse, status: number, body: unknown) {
  response.writeHead(status, { "Content-Type": "application/json" });
  response.end(JSON.stringify(body));
}

export async function startFakeWhatsApp({ token, port = 0 }: { token: string; port?: number }): Promise<FakeWhatsApp> {
  const sent: FakeWhatsApp["sent"] = [];
  const media = new Map<string, Buffer>();
  const numbers = new Map<string, string>();
  const refusedRecipients = new Set<string>();
  const hanging = { on: false };
  let url = "";
  const server = createServer((request, response) => {
    void (async () => {
      const path = new URL(request.url ?? "/", "http://fake").pathname.split("/").filter(Boolean);
      if (hanging.on) return;
      if (request.headers.authorization !== `Bearer ${token}`) {
        return send(response, 401, {
          error: { message: "Invalid OAuth access token.", type: "OAuthException", code: 190 },
        });
      }
      if (request.method === "POST" && path.length === 2 && path[1] === "messages") {
        const body = JSON.parse(await readText(request)) as { to: string; text: { body: string } };
        if (refusedRecipients.has(body.to)) {
          return send(response, 400, {
            error: {
              message: "(#131047) Re-engagement message",
              type: "OAuthException",
              code: 131047,
              error_data: {
                messaging_product: "whatsapp",
                details:
                  "Message failed to send because more than 24 hours have passed since the customer last replied to this number.",
              },
            },
          });
        }
        sent.push({ phoneNumberId: path[0]!, to: body.to, text: body.text.body });
        return send(response, 200, {
          messaging_product: "whatsapp",
          contacts: [{ input: body.to, wa_id: body.to }],
          messages: [{ id: `wamid.sent${sent.length}` }],
        });
      }
      if (request.method === "GET" && path.length === 2 && path[0] === "media" && media.has(path[1]!)) {
        response.writeHead(200, { "Content-Type": "image/png" });
        return response.end(media.get(path[1]!));
      }
      if (request.method === "GET" && path.length === 1 && numbers.has(path[0]!)) {
        return send(response, 200, {
          display_phone_number: "+1 555-078-3881",
          verified_name: "Bakery",
          webhook_configuration: { application: numbers.get(path[0]!) },
          id: path[0],
        });
      }
      if (request.method === "GET" && path.length === 1 && media.has(path[0]!)) {
        return send(response, 200, {
          messaging_product: "whatsapp",
          url: `${url}/media/${path[0]}`,
          mime_type: "image/png",
          file_size: media.get(path[0]!)!.length,
          id: path[0],
        });
      }
      send(response, 404, { error: { message: "Unsupported request", type: "GraphMethodException", code: 100 } });
    })();
  });
  await new Promise<void>((resolve) => server.listen(port, "127.0.0.1", resolve));
  url = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    url,
    sent,
    addMedia: (mediaId, bytes) => media.set(mediaId, bytes),
    addPhoneNumber: (phoneNumberId, callbackUrl) => numbers.set(phoneNumberId, callbackUrl),
    refusedRecipients,
    hanging,
    close: () =>
      new Promise((resolve) => {
        server.close(() => resolve());
        // A hanging call's connection stays open until it is cut.
        server.closeAllConnections();
      }),
  };
}

/** A webhook as Meta sends one: a message (text, or an image by media id) to a business phone number. */
export function whatsappMessageWebhook({
  phoneNumberId,
  from,
  messageId,
  text,
  imageId,
}: {
  phoneNumberId: string;
  from: string;
  messageId: string;
  text?: string;
  imageId?: string;
}) {
  const message = imageId
    ? { type: "image", image: { id: imageId, mime_type: "image/png", ...(text ? { caption: text } : {}) } }
    : { type: "text", text: { body: text ?? "" } };
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId },
              contacts: [{ profile: { name: "Dana" }, wa_id: from }],
              messages: [{ from, id: messageId, timestamp: String(Math.floor(Date.now() / 1000)), ...message }],
            },
          },
        ],
      },
    ],
  };
}

/** Meta's status update (a sent message delivered): no message in it. */
export function whatsappStatusWebhook(phoneNumberId: string) {
  return {
    object: "whatsapp_business_account",
    entry: [
      {
        id: "102290129340398",
        changes: [
          {
            field: "messages",
            value: {
              messaging_product: "whatsapp",
              metadata: { display_phone_number: "15550783881", phone_number_id: phoneNumberId },
              statuses: [
                { id: "wamid.sent1", status: "delivered", timestamp: "1700000000", recipient_id: "972500000000" },
              ],
            },
          },
        ],
      },
    ],
  };
}

export const whatsappSignature = (appSecret: string, body: string) =>
  `sha256=${createHmac("sha256", appSecret).update(body).digest("hex")}`;

/**
 * Posts a webhook to our server as Meta does: signed with `appSecret`, or with `signature` as given
 * (null: none), from `from` when given (as the proxy in front of the server says it, X-Forwarded-For).
 */
export function sendWhatsAppWebhook(
  serverUrl: string,
  payload: unknown,
  signing: { appSecret: string } | { signature: string | null },
  { from }: { from?: string } = {},
) {
  const body = JSON.stringify(payload);
  const signature = "appSecret" in signing ? whatsappSignature(signing.appSecret, body) : signing.signature;
  return fetch(`${serverUrl}/api/channels/whatsapp`, {
    method: "POST",
    headers: {
      "Content-Type": "application/json",
      ...(signature ? { "X-Hub-Signature-256": signature } : {}),
      ...(from ? { "X-Forwarded-For": from } : {}),
    },
    body,
  });
}

/** The same webhook signed with a wrong secret. */
export const sendWronglySignedWhatsAppWebhook = (serverUrl: string, payload: unknown) =>
  sendWhatsAppWebhook(serverUrl, payload, { appSecret: "not-the-app-secret-at-all" });
