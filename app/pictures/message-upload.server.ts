import { Readable } from "node:stream";
import { pipeline } from "node:stream/promises";
import type { ReadableStream as NodeReadableStream } from "node:stream/web";
import busboy from "busboy";
import { MAX_IMAGES } from "./picture-limits.ts";
import { UploadRefused } from "~/server/front-door.server.ts";
import { createWaitingLine } from "~/server/waiting-line.server.ts";
import { receivePicture, removePictures, type StoredPicture } from "./picture-store.server.ts";

/**
 * A message with pictures comes as multipart/form-data (docs/message-api.md): one `payload` field, the
 * message's JSON without pictures, and up to three `image` files. The JSON is small; the pictures are
 * written to the pictures folder as their bytes arrive, each checked on the way.
 */
export const PAYLOAD_FIELD = "payload";
export const PICTURE_FIELD = "image";

/** The payload's cap: the message API's own JSON cap (app/server/front-door.server.ts, the API class). */
const MAX_PAYLOAD_BYTES = 64 * 1024;

/**
 * How many messages with pictures are read at once on this server; the others wait their turn before
 * a byte of theirs is read (docs/decisions/038-pictures-as-files.md). Each holds at most one upload's
 * cap, so the picture bytes in flight stay under UPLOADS_AT_ONCE × the cap.
 */
export const UPLOADS_AT_ONCE = 4;
/** A message waits at most this long for its turn (the admission line's wait), then is told the server is busy. */
const UPLOAD_WAIT_MS = 10_000;
const uploadLine = createWaitingLine({ atOnce: UPLOADS_AT_ONCE, mostWaiting: 200 });

export type MessageUpload =
  | { kind: "read"; payload: string; pictures: StoredPicture[] }
  /** A part that is not the payload or a picture, no payload or two, a payload over its cap, a broken body. */
  | { kind: "invalid" }
  /** A picture that is not JPEG, PNG or WebP, empty, over 5 MB, or more than three. */
  | { kind: "images" }
  | { kind: "too-large" }
  | { kind: "timed-out" }
  /** Its turn did not come in time, or the visitor left while waiting. */
  | { kind: "busy" };

/**
 * Reads a multipart message in its turn of the upload line. Whatever the answer, no picture of a
 * refused upload stays on disk.
 */
export async function readMessageUpload(request: Request, folder: string): Promise<MessageUpload> {
  const turn = await uploadLine.take(() => readUpload(request, folder), {
    waitMs: UPLOAD_WAIT_MS,
    signal: request.signal,
  });
  return turn.served ? turn.value : { kind: "busy" };
}

type Problem = Exclude<MessageUpload["kind"], "read" | "busy">;

async function readUpload(request: Request, folder: string): Promise<MessageUpload> {
  let parser: busboy.Busboy;
  try {
    parser = busboy({
      headers: { "content-type": request.headers.get("Content-Type") ?? "" },
      // Busboy counts the closing boundary as a part: the fields and files limits bound the parts.
      limits: { fields: 1, fieldSize: MAX_PAYLOAD_BYTES, files: MAX_IMAGES },
    });
  } catch {
    return { kind: "invalid" };
  }
  let payload: string | undefined;
  let problem: Problem | undefined;
  const refuse = (kind: Problem) => (problem ??= kind);
  const writing: Promise<StoredPicture | undefined>[] = [];
  parser.on("field", (name, value, info) => {
    if (name !== PAYLOAD_FIELD || payload !== undefined || info.valueTruncated) return void refuse("invalid");
    payload = value;
  });
  parser.on("file", (name, stream, info) => {
    if (name !== PICTURE_FIELD || problem) {
      if (name !== PICTURE_FIELD) refuse("invalid");
      return void stream.resume();
    }
    writing.push(
      receivePicture(folder, stream, info.filename ?? "").catch(() => {
        refuse("images");
        return undefined;
      }),
    );
  });
  parser.on("filesLimit", () => refuse("images"));
  parser.on("fieldsLimit", () => refuse("invalid"));

  try {
    const body = (request.body ?? new Blob().stream()) as NodeReadableStream<Uint8Array>;
    await pipeline(Readable.fromWeb(body), parser);
  } catch (error) {
    refuse(error instanceof UploadRefused ? error.reason : "invalid");
  }
  const pictures = (await Promise.all(writing)).filter((picture) => picture !== undefined);
  if (problem || payload === undefined) {
    await removePictures(
      folder,
      pictures.map((picture) => picture.file),
    );
    return { kind: problem ?? "invalid" };
  }
  return { kind: "read", payload, pictures };
}
