import { z } from "zod";

export const BRANDING_KEY = "alex-demo:branding";
export const BRAND_NAME_MAX_LENGTH = 40;
export const SUBTITLE_MAX_LENGTH = 120;

/** What the visitor typed in the settings; an empty text means "the translated default". */
export const brandingSchema = z.object({
  brandName: z.string().max(BRAND_NAME_MAX_LENGTH).catch(""),
  subtitle: z.string().max(SUBTITLE_MAX_LENGTH).catch(""),
});

export type Branding = z.infer<typeof brandingSchema>;

export const DEFAULT_BRANDING: Branding = { brandName: "", subtitle: "" };
