import { z } from "zod";

export const MAX_URLS_PER_SCAN = 20;

/** A page address an operator may ask us to scan: http or https, no credentials, normalised. */
export const scanUrlSchema = z
  .string("errors.invalidUrl")
  .trim()
  .max(2_048, "errors.tooLong")
  .transform((value, ctx) => {
    try {
      const url = new URL(value);
      if ((url.protocol === "http:" || url.protocol === "https:") && !url.username && !url.password) {
        url.hash = "";
        return url.href;
      }
    } catch {
      // falls through to the issue below
    }
    ctx.addIssue({ code: "custom", message: "errors.invalidUrl" });
    return z.NEVER;
  });

/** POST /api/admin/clients/{id}/scan-websites: `{urls}` as a list, blank entries dropped. */
export const scanRequestSchema = z.object({
  urls: z
    .array(z.string("errors.invalidUrl"), "errors.urlsRequired")
    .transform((urls) => urls.map((url) => url.trim()).filter(Boolean))
    .pipe(z.array(scanUrlSchema).min(1, "errors.urlsRequired").max(MAX_URLS_PER_SCAN, "errors.tooManyUrls")),
});
