import { z } from "zod";
import { DEFAULT_DISPLAY_TIME_ZONE, isTimeZone } from "~/lib/calendar.ts";

const flag = (defaultValue?: boolean) =>
  z
    .enum(["true", "false", "1", "0", "yes", "no", "on", "off"])
    .transform((value) => ["true", "1", "yes", "on"].includes(value))
    .optional()
    .transform((value) => value ?? defaultValue);

const optionalText = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .optional();

const optionalUrl = z
  .string()
  .trim()
  .transform((value) => value || undefined)
  .pipe(z.url({ protocol: /^https?$/ }).optional())
  .optional();

const timeZone = z.string().refine(isTimeZone, "must be an IANA time zone such as Asia/Jerusalem");

/** The AES-256 key that encrypts stored credentials: 64 hex digits, or base64 (standard or URL-safe) of 32 bytes. */
export function decodeCredentialsKey(text: string): Buffer | undefined {
  const key = /^[0-9a-fA-F]{64}$/.test(text)
    ? Buffer.from(text, "hex")
    : /^[A-Za-z0-9+/_-]{43}=?$/.test(text)
      ? Buffer.from(text, "base64")
      : undefined;
  return key?.length === 32 ? key : undefined;
}

export const envSchema = z
  .object({
    NODE_ENV: z.enum(["development", "production", "test"]).default("development"),
    PORT: z.coerce.number().int().min(1).max(65535).default(3000),
    /** The interface to listen on; unset, every interface. */
    HOST: optionalText,
    /**
     * Who may speak for the client through X-Forwarded-For and X-Forwarded-Proto: Express's
     * "trust proxy" list (loopback, an address, a CIDR, comma-separated), or "none".
     */
    TRUST_PROXY: z
      .string()
      .trim()
      .default("loopback")
      .transform((value) =>
        value
          .split(",")
          .map((entry) => entry.trim())
          .filter(Boolean),
      )
      .refine(
        (entries) =>
          entries.length > 0 &&
          entries.every((entry) => /^(none|loopback|linklocal|uniquelocal|[\d.:a-fA-F]+(\/\d{1,3})?)$/.test(entry)),
        "must be none, loopback, linklocal, uniquelocal or addresses/CIDRs, comma-separated",
      )
      .transform((entries) => (entries.includes("none") ? [] : entries)),
    PUBLIC_URL: optionalUrl,
    DATABASE_URL: z
      .string()
      .trim()
      .transform((value) => value || undefined)
      .pipe(
        z
          .string()
          .regex(/^postgres(ql)?:\/\//, "must start with postgres:// or postgresql://")
          .optional(),
      )
      .optional(),
    DATA_DIR: z.string().trim().min(1).default("./data"),
    /** Where visitors' pictures are written (app/pictures/picture-store.server.ts); unset: `pictures` in DATA_DIR. */
    PICTURES_DIR: optionalText,
    SESSION_SECRET: optionalText.pipe(z.string().min(32, "must be at least 32 characters").optional()),
    ADMIN_USERNAME: optionalText.pipe(
      z
        .string()
        .regex(/^[\w.@-]{3,64}$/, "must be 3 to 64 letters, digits, dots, dashes, underscores or @")
        .optional(),
    ),
    ADMIN_PASSWORD: optionalText.pipe(z.string().min(10, "must be at least 10 characters").optional()),
    TZ_DISPLAY: timeZone.default(DEFAULT_DISPLAY_TIME_ZONE),
    AI_BASE_URL: optionalUrl,
    AI_API_KEY: optionalText,
    AI_MODEL: optionalText,
    /** How long the AI provider may take for one reply before the visitor gets the fallback (the widget waits 20 s). */
    AI_TIMEOUT_MS: optionalText.pipe(z.coerce.number<string | undefined>().int().min(1000).max(19_000).optional()),
    PAYPAL_CLIENT_ID: optionalText,
    PAYPAL_CLIENT_SECRET: optionalText,
    PAYPAL_BASE_URL: optionalUrl,
    /** WhatsApp's Cloud API (Meta's Graph API, with its version); tests point it at a stand-in. */
    WHATSAPP_GRAPH_URL: optionalUrl.transform((value) => value ?? "https://graph.facebook.com/v21.0"),
    /** Telegram's Bot API; tests point it at a stand-in. */
    TELEGRAM_API_URL: optionalUrl.transform((value) => value ?? "https://api.telegram.org"),
    /** Morning's (Green Invoice's) API key: both set, every payment gets a tax document; unset, none is made and the bills say so. */
    MORNING_API_KEY_ID: optionalText,
    MORNING_API_KEY_SECRET: optionalText,
    /** Morning's API, its sandbox unless set (production: https://api.greeninvoice.co.il/api/v1); tests point it at a stand-in. */
    MORNING_BASE_URL: optionalUrl.transform((value) => value ?? "https://sandbox.d.greeninvoice.co.il/api/v1"),
    /**
     * Cardcom's terminal and API user (docs/decisions/048-cardcom-low-profile.md): both set, a bill can be
     * paid by Israeli card and the card renews; unset, the card option is not offered.
     */
    CARDCOM_TERMINAL_NUMBER: optionalText.pipe(
      z.coerce.number<string | undefined>().int().positive("must be Cardcom's terminal number").optional(),
    ),
    CARDCOM_API_NAME: optionalText,
    /** Cardcom's API password, sent with token charges when the terminal asks for one. */
    CARDCOM_API_PASSWORD: optionalText,
    /** Cardcom's API host; tests point it at a stand-in. */
    CARDCOM_BASE_URL: optionalUrl.transform((value) => value ?? "https://secure.cardcom.solutions"),
    /** The id PayPal gave our webhook: its signature check needs it; unset, the webhook answers 503. */
    PAYPAL_WEBHOOK_ID: optionalText,
    CREDENTIALS_KEY: optionalText.pipe(
      z
        .string()
        .refine(
          (value) => decodeCredentialsKey(value) !== undefined,
          "must be 32 bytes as base64 or 64 hex digits (openssl rand -base64 32)",
        )
        .optional(),
    ),
    /** The mail server the lead e-mails go through, e.g. smtp://user:pass@mail.example:587 (smtps:// for TLS from the start); unset: mail is off. */
    SMTP_URL: z
      .string()
      .trim()
      .transform((value) => value || undefined)
      .pipe(z.url({ protocol: /^smtps?$/, error: "must be smtp://… or smtps://…" }).optional())
      .optional(),
    /** The lead e-mails' sender, e.g. `Alex <alex@example.com>`. */
    MAIL_FROM: optionalText,
    SEED_DEMO: flag(),
    LOG_LEVEL: z.enum(["info", "silent"]).default("info"),
    FAILURE_DRILL: flag(false),
    /** Hosts the website scanner and Sync Data may reach even on private addresses (tests' local sites), comma-separated. */
    SCANNER_ALLOW_HOSTS: z
      .string()
      .optional()
      .transform((value) =>
        (value ?? "")
          .split(",")
          .map((host) => host.trim().toLowerCase())
          .filter(Boolean),
      ),
  })
  .superRefine((env, ctx) => {
    if (Boolean(env.ADMIN_USERNAME) !== Boolean(env.ADMIN_PASSWORD)) {
      ctx.addIssue({
        code: "custom",
        path: [env.ADMIN_USERNAME ? "ADMIN_PASSWORD" : "ADMIN_USERNAME"],
        message: "ADMIN_USERNAME and ADMIN_PASSWORD must be set together",
      });
    }
    if (Boolean(env.AI_BASE_URL) !== Boolean(env.AI_MODEL)) {
      ctx.addIssue({
        code: "custom",
        path: [env.AI_BASE_URL ? "AI_MODEL" : "AI_BASE_URL"],
        message: "AI_BASE_URL and AI_MODEL must be set together (AI_API_KEY when the provider needs one)",
      });
    }
    if (Boolean(env.MORNING_API_KEY_ID) !== Boolean(env.MORNING_API_KEY_SECRET)) {
      ctx.addIssue({
        code: "custom",
        path: [env.MORNING_API_KEY_ID ? "MORNING_API_KEY_SECRET" : "MORNING_API_KEY_ID"],
        message: "MORNING_API_KEY_ID and MORNING_API_KEY_SECRET must be set together",
      });
    }
    if (Boolean(env.CARDCOM_TERMINAL_NUMBER) !== Boolean(env.CARDCOM_API_NAME)) {
      ctx.addIssue({
        code: "custom",
        path: [env.CARDCOM_TERMINAL_NUMBER ? "CARDCOM_API_NAME" : "CARDCOM_TERMINAL_NUMBER"],
        message: "CARDCOM_TERMINAL_NUMBER and CARDCOM_API_NAME must be set together",
      });
    }
    if (env.SMTP_URL && !env.MAIL_FROM) {
      ctx.addIssue({ code: "custom", path: ["MAIL_FROM"], message: "is required when SMTP_URL is set" });
    }
    // With a shared PostgreSQL several servers may run, and each would generate its own secret
    // into its own DATA_DIR: one server's cookies and encrypted passwords unreadable by the next.
    if (env.NODE_ENV === "production" && env.DATABASE_URL) {
      for (const variable of ["SESSION_SECRET", "CREDENTIALS_KEY"] as const) {
        if (!env[variable]) {
          ctx.addIssue({
            code: "custom",
            path: [variable],
            message: "is required in production when DATABASE_URL is set",
          });
        }
      }
    }
  });

export type Env = z.infer<typeof envSchema>;

/** Our public origin, for absolute links: PUBLIC_URL's, else the one the request reached. */
export const publicOrigin = (env: Pick<Env, "PUBLIC_URL">, requestUrl: string | URL) =>
  new URL(env.PUBLIC_URL ?? requestUrl).origin;

export class EnvError extends Error {}

export function parseEnv(source: Record<string, string | undefined>): Env {
  const result = envSchema.safeParse(source);
  if (result.success) return result.data;
  const lines = result.error.issues.map((issue) => `  ${issue.path.join(".") || "environment"}: ${issue.message}`);
  throw new EnvError(`Invalid environment:\n${lines.join("\n")}`);
}
