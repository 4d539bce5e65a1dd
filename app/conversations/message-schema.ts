import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text.ts";
import { MAX_IMAGE_BYTES, MAX_IMAGES, MESSAGE_MAX_LENGTH } from "./chat-contract.ts";
/** Base64 of the largest image: 4 characters for every 3 bytes. */
const MAX_IMAGE_BASE64_LENGTH = Math.ceil(MAX_IMAGE_BYTES / 3) * 4;
/** Three images at their largest, in base64, and room for the rest of the JSON. */
export const MAX_MESSAGE_BODY_BYTES = MAX_IMAGES * MAX_IMAGE_BASE64_LENGTH + 64 * 1024;

const DATA_URL_PREFIX = /^data:[\w.+-]+\/[\w.+-]+;base64,/;
const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/;

const text = (max: number, schema = singleLineText) => schema().trim().min(1).max(max);

/**
 * An attached image: its file name and its bytes in base64 (a `data:` URL prefix is accepted and
 * dropped). Its type is decided by its bytes, never by the name or a declared type.
 */
const imageSchema = z.object({
  name: text(200),
  data: z
    .string()
    .transform((value) => value.replace(DATA_URL_PREFIX, ""))
    .pipe(z.string().min(4).max(MAX_IMAGE_BASE64_LENGTH).regex(BASE64)),
});

/** The message API's request body. */
export const visitorMessageSchema = z.object({
  license: text(200),
  /** Absent or null for a new conversation; the reply names the session to continue. */
  sessionId: text(200).nullish(),
  /** The widget's id for this message: a retry sends the same one and is never stored or billed twice. */
  clientMessageId: z.uuid(),
  message: text(MESSAGE_MAX_LENGTH, multiLineText),
  images: z.array(imageSchema).max(MAX_IMAGES).optional(),
  /** The visitor ticked the widget's consent: the business may keep their contact details. */
  consent: z.literal(true).optional(),
});

export type VisitorMessage = z.infer<typeof visitorMessageSchema>;

export type ImageMime = "image/jpeg" | "image/png" | "image/webp";
export type DecodedImage = { name: string; mime: ImageMime; bytes: Buffer };

/** The type an image's first bytes show, or undefined for anything but JPEG, PNG and WebP. */
export function sniffImageType(bytes: Uint8Array): ImageMime | undefined {
  const starts = (signature: number[], offset = 0) => signature.every((byte, index) => bytes[offset + index] === byte);
  if (starts([0xff, 0xd8, 0xff])) return "image/jpeg";
  if (starts([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return "image/png";
  if (starts([0x52, 0x49, 0x46, 0x46]) && starts([0x57, 0x45, 0x42, 0x50], 8)) return "image/webp";
  return undefined;
}

/** The images' bytes, each checked by its content and size; undefined when any is not an image we take. */
export function decodeImages(images: VisitorMessage["images"]): DecodedImage[] | undefined {
  const decoded: DecodedImage[] = [];
  for (const image of images ?? []) {
    const bytes = Buffer.from(image.data, "base64");
    const mime = sniffImageType(bytes);
    if (!mime || bytes.length === 0 || bytes.length > MAX_IMAGE_BYTES) return undefined;
    decoded.push({ name: image.name, mime, bytes });
  }
  return decoded;
}
