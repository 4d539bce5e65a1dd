import { MAX_IMAGE_BYTES, MAX_IMAGES } from "~/pictures/picture-limits.ts";

/** What a visitor may attach to one message: the message API's image limits, in JPEG, PNG or WebP. */
export const IMAGE_LIMITS = {
  maxCount: MAX_IMAGES,
  maxBytes: MAX_IMAGE_BYTES,
  types: ["image/jpeg", "image/png", "image/webp"],
} as const;

export type ImageCandidate = { name: string; type: string; size: number };
export type ImageProblem = { kind: "type" | "size" | "count"; name: string };

/**
 * Which of the chosen files can join the `alreadyChosen` ones, and why the others cannot:
 * checked before anything is read or sent, so a visitor learns at once.
 */
export function screenImages<File extends ImageCandidate>(alreadyChosen: number, files: File[]) {
  const accepted: File[] = [];
  const problems: ImageProblem[] = [];
  for (const file of files) {
    if (!(IMAGE_LIMITS.types as readonly string[]).includes(file.type))
      problems.push({ kind: "type", name: file.name });
    else if (file.size > IMAGE_LIMITS.maxBytes) problems.push({ kind: "size", name: file.name });
    else if (alreadyChosen + accepted.length >= IMAGE_LIMITS.maxCount)
      problems.push({ kind: "count", name: file.name });
    else accepted.push(file);
  }
  return { accepted, problems };
}
