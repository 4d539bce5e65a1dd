import { z } from "zod";
import type { Route } from "./+types/leads-export";
import { databaseContext, envContext, portalClientContext } from "~/context.ts";
import { getTranslator } from "~/i18n/middleware.server.ts";
import { clientLeadsCsv } from "~/leads/client-leads.server.ts";
import { clientLeadsQuerySchema, HANDLED_FILTERS } from "~/leads/lead-schema.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

const listSchema = z.enum(HANDLED_FILTERS);

/**
 * The business's leads as a CSV file (the business's owner only, app/auth/permissions.ts): every lead,
 * or those not handled yet, or those handled (`:list`), with the page's search (`?q=`). Headers in the
 * person's language, dates in TZ_DISPLAY; the access log names the person who took it.
 */
export function loader({ params, url, context }: Route.LoaderArgs) {
  const t = getTranslator(context);
  const list = listSchema.safeParse(params.list);
  if (!list.success) {
    return new Response(t("leads.exportNotFound", { ns: "portal-business" }), {
      status: 404,
      headers: { "Content-Type": "text/plain; charset=utf-8" },
    });
  }
  const clientId = context.get(portalClientContext);
  const { q } = clientLeadsQuerySchema.parse({ q: url.searchParams.get("q") ?? undefined });
  recordAccess(context, { action: "export_leads", clientId });
  return clientLeadsCsv(
    context.get(databaseContext),
    clientId,
    { q, handled: list.data },
    {
      timeZone: context.get(envContext).TZ_DISPLAY,
      t: (key) => t(key, { ns: "portal-business" }),
      detailLabel: (key) => t(`details.${key}`, { ns: "functions" }),
      channelLabel: (channel) => t(`channels.${channel}`, { ns: "common" }),
    },
  );
}

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
