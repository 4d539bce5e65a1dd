import type { RouterContextProvider } from "react-router";
import { z } from "zod";
import { databaseContext, envContext } from "~/context.ts";
import { findSessionImage } from "~/models/message.server.ts";
import { openPicture, picturesFolder } from "~/pictures/picture-store.server.ts";
import { recordAccess } from "~/privacy/access-log.server.ts";
import { sessionIdSchema } from "~/lib/ids.ts";
import { findClientSession } from "./sessions.server.ts";

const imageIdSchema = z.coerce.number().int().positive().max(2_147_483_647);

const notFound = () =>
  new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });

const bytesBody = (data: Uint8Array) => ({ size: data.byteLength, stream: new Uint8Array(data) });

/**
 * A visitor's uploaded image of a session, never a public URL: to operators (any client's session)
 * or to a business's people (`ofClient`: their own sessions only; another client's is not found).
 * Its type was checked from its bytes when it arrived; it is served sandboxed, its type never sniffed.
 */
export async function sessionImageResponse(
  context: Readonly<RouterContextProvider>,
  params: { sessionId: string; imageId: string },
  ofClient?: number,
) {
  const db = context.get(databaseContext);
  const imageId = imageIdSchema.safeParse(params.imageId);
  const session =
    imageId.success && sessionIdSchema.safeParse(params.sessionId).success
      ? await findClientSession(db, ofClient, params.sessionId)
      : undefined;
  const image = session && imageId.success ? await findSessionImage(db, session.id, imageId.data) : undefined;
  // A picture is a file in the pictures folder; one stored before that has its bytes in the row.
  const file = image?.filePath ? await openPicture(picturesFolder(context.get(envContext)), image.filePath) : undefined;
  const body = file ? { size: file.size, stream: file.stream() } : image?.data ? bytesBody(image.data) : undefined;
  if (!session || !image || !body) return notFound();
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
