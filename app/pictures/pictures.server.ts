import type { Database } from "#db/connection.ts";
import { listPictureFilesOfMessage, sumPictureBytesSince } from "~/models/message.server.ts";
import { removePictures, type StoredPicture } from "./picture-store.server.ts";

/**
 * What a conversation and a business may store in pictures a day (docs/decisions/038-pictures-as-files.md).
 * A session: two messages of three pictures at their largest. A business: what its busiest day
 * of honest visitors sends, with room; past it, visitors' messages with pictures wait for tomorrow.
 */
export const PICTURE_BYTES_PER_SESSION_PER_DAY = 30 * 1024 * 1024;
export const PICTURE_BYTES_PER_CLIENT_PER_DAY = 2 * 1024 * 1024 * 1024;
const DAY = 24 * 60 * 60 * 1000;

const bytesOf = (pictures: readonly { size: number }[]) => pictures.reduce((sum, picture) => sum + picture.size, 0);

/**
 * Whether these pictures would take the session (when it exists) or the client past its day's
 * pictures; asked only of a message that has some, after its admission.
 */
export async function overPictureLimit(
  db: Database,
  { clientId, sessionId }: { clientId: number; sessionId: number | undefined },
  pictures: readonly { size: number }[],
  now = new Date(),
) {
  const bytes = bytesOf(pictures);
  if (bytes === 0) return false;
  const since = new Date(now.getTime() - DAY);
  if (
    sessionId !== undefined &&
    (await sumPictureBytesSince(db, { sessionId }, since)) + bytes > PICTURE_BYTES_PER_SESSION_PER_DAY
  )
    return true;
  return (await sumPictureBytesSince(db, { clientId }, since)) + bytes > PICTURE_BYTES_PER_CLIENT_PER_DAY;
}

/**
 * Removes the files of pictures that no stored message kept: the message was refused, was a
 * retry of one already answered, or failed. `messageId` is the message the answer names, if any.
 */
export async function forgetUnkeptPictures(
  db: Database,
  folder: string,
  pictures: readonly StoredPicture[],
  messageId: number | undefined,
) {
  if (pictures.length === 0) return;
  const kept = new Set(messageId === undefined ? [] : await listPictureFilesOfMessage(db, messageId));
  await removePictures(
    folder,
    pictures.map((picture) => picture.file).filter((file) => !kept.has(file)),
  );
}
