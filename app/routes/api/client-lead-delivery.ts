import type { Route } from "./+types/client-lead-delivery";
import { requireClient } from "~/clients/clients.server.ts";
import { databaseContext, envContext } from "~/context.ts";
import { deliverySettingsApiSchema } from "~/leads/delivery-settings-schema.ts";
import { deliveryJson, loadDeliveryTab, saveDeliverySettings } from "~/leads/delivery-settings.server.ts";
import { apiText, jsonAnswer, jsonError, methodNotAllowed, notFound, readApiBody } from "~/server/json-api.server.ts";

/** The settings fit in a few hundred bytes; the address alone may be 2,000 characters. */
const MAX_BODY_BYTES = 8 * 1024;

async function answer(context: Route.LoaderArgs["context"], clientId: number) {
  const tab = await loadDeliveryTab(context.get(databaseContext), clientId, {
    mailEnabled: Boolean(context.get(envContext).SMTP_URL),
  });
  return tab ? jsonAnswer(deliveryJson(tab)) : notFound(apiText(context, "clients"), "api.clientNotFound");
}

/** Where the client's leads go (e-mail state, language, webhook and its secret) and the latest deliveries. */
export async function loader({ params, context }: Route.LoaderArgs) {
  const { id } = await requireClient(context, params.clientId);
  return answer(context, id);
}

/** The e-mails' language and the webhook address, checked by the scanner's address guard. */
export async function action({ request, params, context }: Route.ActionArgs) {
  const text = apiText(context, "deliveries");
  if (request.method !== "PUT") return methodNotAllowed(text, "GET, PUT");
  const { id } = await requireClient(context, params.clientId);
  const body = await readApiBody(request, text, deliverySettingsApiSchema, { maxBytes: MAX_BODY_BYTES });
  if (!body.ok) return body.response;
  const saved = await saveDeliverySettings(
    context.get(databaseContext),
    id,
    body.data,
    context.get(envContext).SCANNER_ALLOW_HOSTS,
  );
  if (saved.problem) {
    return jsonError(400, text("errors.invalid"), { fields: { webhookUrl: text(`errors.${saved.problem}`) } });
  }
  return answer(context, id);
}
