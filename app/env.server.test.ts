import { describe, expect, it } from "vitest";
import { decodeCredentialsKey, EnvError, parseEnv } from "./env.server.ts";

describe("parseEnv", () => {
  it("fills the documented defaults", () => {
    const env = parseEnv({});
    expect(env).toMatchObject({
      PORT: 3000,
      DATA_DIR: "./data",
      TZ_DISPLAY: "Asia/Jerusalem",
      NODE_ENV: "development",
      LOG_LEVEL: "info",
      FAILURE_DRILL: false,
      WHATSAPP_GRAPH_URL: "https://graph.facebook.com/v21.0",
      TELEGRAM_API_URL: "https://api.telegram.org",
    });
    expect(env.DATABASE_URL).toBeUndefined();
    expect(env.SEED_DEMO).toBeUndefined();
  });

  it("treats empty values as unset", () => {
    expect(parseEnv({ DATABASE_URL: "", AI_BASE_URL: " ", SESSION_SECRET: "" }).DATABASE_URL).toBeUndefined();
    expect(parseEnv({ AI_TIMEOUT_MS: "" }).AI_TIMEOUT_MS).toBeUndefined();
    expect(parseEnv({ AI_TIMEOUT_MS: "8000" }).AI_TIMEOUT_MS).toBe(8000);
  });

  it.each([
    [{ PORT: "eighty" }, "PORT"],
    [{ PORT: "70000" }, "PORT"],
    [{ DATABASE_URL: "mysql://localhost/db" }, "DATABASE_URL"],
    [{ PUBLIC_URL: "not a url" }, "PUBLIC_URL"],
    [{ AI_BASE_URL: "ftp://models.example" }, "AI_BASE_URL"],
    [{ TELEGRAM_API_URL: "telegram" }, "TELEGRAM_API_URL"],
    [{ TZ_DISPLAY: "Mars/Olympus" }, "TZ_DISPLAY"],
    [{ SESSION_SECRET: "short" }, "SESSION_SECRET"],
    [{ AI_TIMEOUT_MS: "500" }, "AI_TIMEOUT_MS"],
    [{ AI_TIMEOUT_MS: "20000" }, "AI_TIMEOUT_MS"],
    [{ AI_TIMEOUT_MS: "soon" }, "AI_TIMEOUT_MS"],
    [{ ADMIN_USERNAME: "boss" }, "ADMIN_PASSWORD"],
    [{ ADMIN_PASSWORD: "a-long-password" }, "ADMIN_USERNAME"],
    [{ ADMIN_USERNAME: "a b", ADMIN_PASSWORD: "a-long-password" }, "ADMIN_USERNAME"],
    [{ ADMIN_USERNAME: "boss", ADMIN_PASSWORD: "short" }, "ADMIN_PASSWORD"],
    [{ SEED_DEMO: "maybe" }, "SEED_DEMO"],
    [{ CREDENTIALS_KEY: "too-short" }, "CREDENTIALS_KEY"],
    [{ CREDENTIALS_KEY: "ab".repeat(31) }, "CREDENTIALS_KEY"],
    [{ FAILURE_DRILL: "sometimes" }, "FAILURE_DRILL"],
    [{ AI_BASE_URL: "http://127.0.0.1:11434/v1" }, "AI_MODEL"],
    [{ AI_MODEL: "llama3" }, "AI_BASE_URL"],
    [{ NODE_ENV: "production", DATABASE_URL: "postgres://db/alex" }, "SESSION_SECRET"],
    [{ NODE_ENV: "production", DATABASE_URL: "postgres://db/alex" }, "CREDENTIALS_KEY"],
    [{ NODE_ENV: "production", DATABASE_URL: "postgres://db/alex", SESSION_SECRET: "x".repeat(40) }, "CREDENTIALS_KEY"],
    [
      { NODE_ENV: "production", DATABASE_URL: "postgres://db/alex", CREDENTIALS_KEY: "ab".repeat(32) },
      "SESSION_SECRET",
    ],
  ])("names the wrong variable: %o", (source, variable) => {
    expect(() => parseEnv(source)).toThrow(EnvError);
    expect(() => parseEnv(source)).toThrow(new RegExp(`^Invalid environment:\\n(.*\\n)*  ${variable}: `));
  });

  it("accepts a production PostgreSQL setup with its secret and key, and reads flags", () => {
    const env = parseEnv({
      NODE_ENV: "production",
      DATABASE_URL: "postgresql://alex@127.0.0.1:5432/alex",
      SESSION_SECRET: "x".repeat(40),
      CREDENTIALS_KEY: Buffer.alloc(32, 1).toString("base64"),
      SEED_DEMO: "no",
      PORT: "8080",
    });
    expect(env).toMatchObject({ PORT: 8080, SEED_DEMO: false });
  });

  it("reads the credentials key as hex or base64, and the allowed private hosts as a list", () => {
    const hex = parseEnv({
      CREDENTIALS_KEY: "ab".repeat(32),
      SCANNER_ALLOW_HOSTS: " 127.0.0.1:8080, Intranet.Local ,,",
    });
    expect(hex.SCANNER_ALLOW_HOSTS).toEqual(["127.0.0.1:8080", "intranet.local"]);
    expect(decodeCredentialsKey(hex.CREDENTIALS_KEY!)).toEqual(Buffer.alloc(32, 0xab));
    expect(decodeCredentialsKey(Buffer.alloc(32, 7).toString("base64"))).toEqual(Buffer.alloc(32, 7));
    expect(decodeCredentialsKey(Buffer.alloc(32, 7).toString("base64url"))).toEqual(Buffer.alloc(32, 7));
    expect(parseEnv({}).SCANNER_ALLOW_HOSTS).toEqual([]);
  });

  it("reads the mail server, which needs a sender", () => {
    const env = parseEnv({ SMTP_URL: "smtp://user:pass@127.0.0.1:2525", MAIL_FROM: "Alex <alex@alex.example>" });
    expect(env).toMatchObject({ SMTP_URL: "smtp://user:pass@127.0.0.1:2525", MAIL_FROM: "Alex <alex@alex.example>" });
    expect(() => parseEnv({ SMTP_URL: "smtp://127.0.0.1:2525" })).toThrow(/MAIL_FROM: is required when SMTP_URL/);
    expect(() => parseEnv({ SMTP_URL: "http://mail.example", MAIL_FROM: "a@b.example" })).toThrow(/SMTP_URL/);
    expect(parseEnv({ SMTP_URL: "" }).SMTP_URL).toBeUndefined();
  });
});
