/**
 * A field people never see or fill in, and form-filling bots do. A submission that fills it is
 * answered like a good one and thrown away, so the bot learns nothing.
 */
export const HONEYPOT_FIELD = "website";
