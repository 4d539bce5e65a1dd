import { createCipheriv, createDecipheriv, randomBytes } from "node:crypto";
import { existsSync, mkdirSync, readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { decodeCredentialsKey, type Env } from "~/env.server.ts";

/**
 * Secrets Alex keeps for its clients (WordPress Application Passwords) are stored encrypted with
 * AES-256-GCM: a fresh 12-byte IV per value, the 16-byte tag authenticating it. Stored as
 * `v1.<iv>.<tag>.<ciphertext>` in base64url so a later key or algorithm can be told apart.
 */
const FORMAT = "v1";
const IV_BYTES = 12;

export class CredentialsKeyError extends Error {}

/** CREDENTIALS_KEY, or a key generated once into DATA_DIR (the embedded default keeps its data there too). */
export function resolveCredentialsKey(env: Pick<Env, "CREDENTIALS_KEY" | "DATA_DIR">): {
  key: Buffer;
  generated: boolean;
} {
  if (env.CREDENTIALS_KEY) return { key: decodeCredentialsKey(env.CREDENTIALS_KEY)!, generated: false };
  const dataDir = path.resolve(env.DATA_DIR);
  const file = path.join(dataDir, "credentials-key");
  if (existsSync(file)) {
    const key = decodeCredentialsKey(readFileSync(file, "utf8").trim());
    if (!key) throw new CredentialsKeyError(`${file} does not hold a 32-byte key: restore it, or set CREDENTIALS_KEY.`);
    return { key, generated: false };
  }
  mkdirSync(dataDir, { recursive: true });
  const key = randomBytes(32);
  writeFileSync(file, key.toString("base64url"), { mode: 0o600 });
  return { key, generated: true };
}

export function encryptSecret(key: Buffer, plaintext: string): string {
  const iv = randomBytes(IV_BYTES);
  const cipher = createCipheriv("aes-256-gcm", key, iv);
  const ciphertext = Buffer.concat([cipher.update(plaintext, "utf8"), cipher.final()]);
  return [FORMAT, iv, cipher.getAuthTag(), ciphertext]
    .map((part) => (typeof part === "string" ? part : part.toString("base64url")))
    .join(".");
}

/** The plaintext, or undefined when the value was made with another key or was altered. */
export function decryptSecret(key: Buffer, stored: string): string | undefined {
  const [format, iv, tag, ciphertext, ...rest] = stored.split(".");
  if (format !== FORMAT || !iv || !tag || ciphertext === undefined || rest.length) return undefined;
  try {
    const decipher = createDecipheriv("aes-256-gcm", key, Buffer.from(iv, "base64url"));
    decipher.setAuthTag(Buffer.from(tag, "base64url"));
    return Buffer.concat([decipher.update(Buffer.from(ciphertext, "base64url")), decipher.final()]).toString("utf8");
  } catch {
    return undefined;
  }
}

/** The process's key, set once at start-up (app/runtime.server.ts). */
let processKey: Buffer | undefined;

export function configureCredentialsKey(key: Buffer) {
  processKey = key;
}

export function credentialsKey(): Buffer {
  if (!processKey) throw new CredentialsKeyError("The credentials key was not configured at start-up.");
  return processKey;
}
