import { randomUUID } from "node:crypto";
import { createReadStream } from "node:fs";
import { mkdir, open, rename, rm, stat } from "node:fs/promises";
import path from "node:path";
import { Readable, Transform, type TransformCallback } from "node:stream";
import { pipeline } from "node:stream/promises";
import { MAX_IMAGE_BYTES } from "./picture-limits.ts";
import type { Env } from "~/env.server.ts";

/**
 * Visitors' pictures live as files (docs/decisions/038-pictures-as-files.md): the database keeps
 * their name, type, size and the file's path under the pictures folder. Writing megabytes into the
 * embedded database ran on the server's only thread; a file is written by Node's own workers.
 */

export type PictureMime = "image/jpeg" | "image/png" | "image/webp";

/** A picture written to the pictures folder: `file` is its path there, as message_images.file_path keeps it. */
export type StoredPicture = { name: string; mime: PictureMime; size: number; file: string };

const EXTENSIONS: Record<PictureMime, string> = { "image/jpeg": "jpg", "image/png": "png", "image/webp": "webp" };

/** A file path this store wrote: a month's folder and a random name. Anything else is never opened. */
const STORED_FILE = /^\d{4}-\d{2}\/[0-9a-f-]{36}\.(jpg|png|webp)$/;

/** PICTURES_DIR, else `pictures` in DATA_DIR. */
export const picturesFolder = (env: Pick<Env, "PICTURES_DIR" | "DATA_DIR">) =>
  path.resolve(env.PICTURES_DIR ?? path.join(env.DATA_DIR, "pictures"));

/** The type a picture's first bytes show, or undefined for anything but JPEG, PNG and WebP. */
export function sniffImageType(bytes: Uint8Array): PictureMime | undefined {
  const starts = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return undefined;
}
/** The bytes sniffImageType needs to decide. */
const SIGNATURE_BYTES = 12;

export class PictureRefused extends Error {
  constructor(readonly reason: "not-image" | "too-large" | "empty") {
    super(`Picture refused: ${reason}`);
  }
}

/**
 * Passes a picture's bytes on while they arrive, holding back only the first twelve until its type
 * is known: a file that is not JPEG, PNG or WebP, or that grows past MAX_IMAGE_BYTES, fails the
 * stream at once, before the rest of it is read.
 */
class PictureCheck extends Transform {
  mime: PictureMime | undefined;
  size = 0;
  private head: Buffer[] = [];

  override _transform(chunk: Buffer, _encoding: BufferEncoding, done: TransformCallback) {
    this.size += chunk.length;
    if (this.size > MAX_IMAGE_BYTES) return done(new PictureRefused("too-large"));
    if (this.mime) return done(null, chunk);
    this.head.push(chunk);
    const head = Buffer.concat(this.head);
    if (head.length < SIGNATURE_BYTES) return done();
    this.head = [];
    this.mime = sniffImageType(head);
    if (!this.mime) return done(new PictureRefused("not-image"));
    done(null, head);
  }

  override _flush(done: TransformCallback) {
    if (this.size === 0) return done(new PictureRefused("empty"));
    if (this.mime) return done();
    // Shorter than a signature: what there is decides.
    const head = Buffer.concat(this.head);
    this.mime = sniffImageType(head);
    if (!this.mime) return done(new PictureRefused("not-image"));
    done(null, head);
  }
}

const newFilePath = (mime: PictureMime, now: Date) =>
  `${now.toISOString().slice(0, 7)}/${randomUUID()}.${EXTENSIONS[mime]}`;

/**
 * Writes a picture from its bytes as they arrive, checked on the way (PictureCheck). A refused or
 * broken picture leaves no file; PictureRefused says why it was refused.
 */
export async function receivePicture(
  folder: string,
  source: Readable,
  name: string,
  now = new Date(),
): Promise<StoredPicture> {
  const check = new PictureCheck();
  // The name is chosen once the type is known, so the file is written under a temporary one first.
  const month = now.toISOString().slice(0, 7);
  await mkdir(path.join(folder, month), { recursive: true });
  const temporary = path.join(folder, month, `${randomUUID()}.part`);
  const file = await open(temporary, "wx");
  // Piped rather than put in the pipeline: a refused picture must not destroy the source, which may
  // be one part of a multipart body whose parser waits for that part to be read to its end.
  const failSource = (error: Error) => check.destroy(error);
  // A source torn down mid-picture (the body broke off) ends the picture too, as a failure.
  const sourceClosed = () => source.readableEnded || check.destroy(new Error("The picture broke off"));
  source.once("error", failSource);
  source.once("close", sourceClosed);
  source.pipe(check);
  try {
    await pipeline(check, file.createWriteStream());
  } catch (error) {
    source.unpipe(check);
    source.resume();
    await file.close().catch(() => {});
    await rm(temporary, { force: true });
    throw error;
  } finally {
    source.off("error", failSource);
    source.off("close", sourceClosed);
  }
  const stored = newFilePath(check.mime!, now);
  await rename(temporary, path.join(folder, stored));
  return { name, mime: check.mime!, size: check.size, file: stored };
}

/** A picture already in memory (a messaging channel's download), written and checked the same way. */
export const savePicture = (folder: string, bytes: Buffer, name: string) =>
  receivePicture(folder, Readable.from([bytes]), name);

/** A stored picture's bytes as a stream and its size; undefined when the path is not one of ours or the file is gone. */
export async function openPicture(folder: string, file: string) {
  if (!STORED_FILE.test(file)) return undefined;
  const location = path.join(folder, file);
  const size = await stat(location).then(
    (found) => found.size,
    () => undefined,
  );
  if (size === undefined) return undefined;
  return { size, stream: () => Readable.toWeb(createReadStream(location)) as ReadableStream<Uint8Array> };
}

/** Removes pictures' files (a message that was not stored, a conversation deleted). */
export async function removePictures(folder: string, files: readonly string[]) {
  await Promise.all(
    files.filter((file) => STORED_FILE.test(file)).map((file) => rm(path.join(folder, file), { force: true })),
  );
}
