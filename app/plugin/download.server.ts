import { z } from "zod";
import { singleLineText } from "~/lib/text.ts";
import type { Database } from "#db/connection.ts";
import type { Env } from "~/env.server.ts";
import { randomBytes } from "node:crypto";
import { ensurePluginSecret, findClientForPlugin } from "~/models/client.server.ts";
import { pluginZipStream, PLUGIN_SLUG } from "./plugin-zip.server.ts";

/** `?clientId=` or `?licenseKey=` (`GET /api/download/plugin`): which client a download is for. */
export const pluginDownloadQuerySchema = z.union([
  z.object({ clientId: z.coerce.number().int().positive().max(2_147_483_647) }),
  z.object({ licenseKey: singleLineText().trim().min(1).max(200) }),
]);

export type PluginDownloadQuery = z.infer<typeof pluginDownloadQuerySchema>;

export const parsePluginDownloadQuery = (params: URLSearchParams) =>
  pluginDownloadQuerySchema.safeParse({
    ...(params.get("clientId") ? { clientId: params.get("clientId") } : {}),
    ...(params.get("licenseKey") ? { licenseKey: params.get("licenseKey") } : {}),
  });

/**
 * The address the plugin talks to: PUBLIC_URL, or else this server as the request reached it
 * (the host and scheme a proxy on this machine forwarded, since the server trusts loopback proxies).
 */
export const serverUrlFor = (env: Pick<Env, "PUBLIC_URL">, request: Request) =>
  (env.PUBLIC_URL ?? new URL(request.url).origin).replace(/\/+$/, "");

/** 256 random bits, URL-safe: the plugin's sync secret. */
export const generatePluginSecret = () => randomBytes(32).toString("base64url");

/** The ZIP for one client, or null when no client matches. It carries the client's sync secret (made now if need be). */
export async function pluginDownload(
  db: Database,
  query: PluginDownloadQuery,
  serverUrl: string,
): Promise<Response | null> {
  const client = await findClientForPlugin(db, query);
  if (!client) return null;
  const syncSecret = client.pluginSecret ?? (await ensurePluginSecret(db, client.id, generatePluginSecret()));
  return new Response(pluginZipStream({ licenseKey: client.licenseKey, serverUrl, syncSecret }), {
    headers: {
      "Content-Type": "application/zip",
      "Content-Disposition": `attachment; filename="${PLUGIN_SLUG}-${client.id}.zip"`,
      "Cache-Control": "private, no-store",
    },
  });
}
