import { z } from "zod";
import { multiLineText, singleLineText } from "~/lib/text.ts";
import { MAX_IMAGE_BYTES, MAX_IMAGES } from "~/pictures/picture-limits.ts";
import { MESSAGE_MAX_LENGTH } from "./chat-contract.ts";

/** A message without pictures is JSON, within the API class's cap (app/server/front-door.server.ts). */
export const MAX_MESSAGE_JSON_BYTES = 64 * 1024;
/**
 * A message with pictures is multipart (app/pictures/message-upload.server.ts): three pictures at
 * their largest, and room for the payload and each part's headers.
 */
export const MAX_MESSAGE_UPLOAD_BYTES = MAX_IMAGES * MAX_IMAGE_BYTES + 96 * 1024;

const text = (max: number, schema = singleLineText) => schema().trim().min(1).max(max);

/** A picture's file name as the visitor's browser gave it; a missing or unreadable one is named by its place. */
export const pictureName = (name: string, place: number) => {
  const parsed = text(200).safeParse(name);
  return parsed.success ? parsed.data : `image-${place}`;
};

/** The message API's request body: the JSON, or a multipart upload's `payload` field. */
export const visitorMessageSchema = z.object({
  license: text(200),
  /** Absent or null for a new conversation; the reply names the session to continue. */
  sessionId: text(200).nullish(),
  /** The widget's id for this message: a retry sends the same one and is never stored or billed twice. */
  clientMessageId: z.uuid(),
  message: text(MESSAGE_MAX_LENGTH, multiLineText),
  /** Pictures come as files of a multipart upload, never inside the JSON (docs/message-api.md). */
  images: z.never().optional(),
  /** The visitor ticked the widget's consent: the business may keep their contact details. */
  consent: z.literal(true).optional(),
});

export type VisitorMessage = z.infer<typeof visitorMessageSchema>;
