import { z } from "zod";
import type { Route } from "./+types/session-image";
import { databaseContext, envContext } from "~/context.ts";
import { findMonitoredSession } from "~/models/chat-session.server.ts";
import { findSessionImage } from "~/models/message.server.ts";
import { openPicture, picturesFolder } from "~/pictures/picture-store.server.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { sessionIdSchema } from "~/sessions/session-query.ts";
import { readOnlyRoute } from "~/server/json-api.server.ts";

const imageIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

/**
 * A visitor's uploaded image, for operators only (under the admin guard). Its type was checked
 * from its bytes when it arrived; it is served sandboxed, its type never sniffed.
 */
export async function loader({ params, context }: Route.LoaderArgs) {
  const db = context.get(databaseContext);
  const imageId = imageIdSchema.safeParse(params.imageId);
  const session =
    imageId.success && sessionIdSchema.safeParse(params.sessionId).success
      ? await findMonitoredSession(db, params.sessionId)
      : undefined;
  const image = session && imageId.success ? await findSessionImage(db, session.id, imageId.data) : undefined;
  // A picture is a file in the pictures folder; one stored before that has its bytes in the row.
  const file = image?.filePath ? await openPicture(picturesFolder(context.get(envContext)), image.filePath) : undefined;
  const body = file ? { size: file.size, stream: file.stream() } : image?.data ? bytesBody(image.data) : undefined;
  if (!session || !image || !body)
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  recordAccess(context, { action: "view_image", clientId: session.clientId, sessionId: session.publicId });
  return new Response(body.stream, {
    headers: {
      "Content-Type": image.mime,
      "Content-Length": String(body.size),
      "Content-Disposition": `inline; filename="image-${imageId.data}"`,
      "Cache-Control": "private, no-store",
      "Content-Security-Policy": "default-src 'none'; sandbox",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

const bytesBody = (data: Uint8Array) => ({ size: data.byteLength, stream: new Uint8Array(data) });

export function action({ context }: Route.ActionArgs) {
  return readOnlyRoute(context);
}
