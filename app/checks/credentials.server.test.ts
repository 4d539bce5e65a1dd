import { mkdtempSync, readFileSync, rmSync, statSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterEach, describe, expect, it } from "vitest";
import { CredentialsKeyError, decryptSecret, encryptSecret, resolveCredentialsKey } from "./credentials.server.ts";

const key = Buffer.alloc(32, 1);
const folders: string[] = [];
const tempFolder = () => {
  const folder = mkdtempSync(path.join(tmpdir(), "alex-credentials-"));
  folders.push(folder);
  return folder;
};
afterEach(() => {
  for (const folder of folders.splice(0)) rmSync(folder, { recursive: true, force: true });
});

describe("encryptSecret / decryptSecret", () => {
  it("round-trips, with a fresh IV each time and no plaintext in the stored value", () => {
    const first = encryptSecret(key, "abcd EFGH ijkl MNOP qrst UVWX");
    const second = encryptSecret(key, "abcd EFGH ijkl MNOP qrst UVWX");
    expect(first).toMatch(/^v1\.[\w-]{16}\.[\w-]{22}\.[\w-]+$/);
    expect(first).not.toBe(second);
    expect(first).not.toContain("abcd");
    expect(decryptSecret(key, first)).toBe("abcd EFGH ijkl MNOP qrst UVWX");
    expect(decryptSecret(key, encryptSecret(key, "סיסמה"))).toBe("סיסמה");
  });

  it("refuses another key, an altered value and garbage", () => {
    const stored = encryptSecret(key, "secret");
    expect(decryptSecret(Buffer.alloc(32, 2), stored)).toBeUndefined();
    const [format, iv, tag, ciphertext] = stored.split(".");
    const flipped = Buffer.from(ciphertext!, "base64url");
    flipped[0]! ^= 1;
    expect(decryptSecret(key, [format, iv, tag, flipped.toString("base64url")].join("."))).toBeUndefined();
    expect(decryptSecret(key, "v2.a.b.c")).toBeUndefined();
    expect(decryptSecret(key, "nonsense")).toBeUndefined();
  });
});

describe("resolveCredentialsKey", () => {
  it("prefers CREDENTIALS_KEY", () => {
    expect(resolveCredentialsKey({ CREDENTIALS_KEY: "01".repeat(32), DATA_DIR: tempFolder() })).toEqual({
      key: Buffer.alloc(32, 1),
      generated: false,
    });
  });

  it("generates a private key file into DATA_DIR once, then reads it", () => {
    const dataDir = path.join(tempFolder(), "nested");
    const first = resolveCredentialsKey({ DATA_DIR: dataDir });
    expect(first.generated).toBe(true);
    expect(statSync(path.join(dataDir, "credentials-key")).mode & 0o777).toBe(0o600);
    expect(resolveCredentialsKey({ DATA_DIR: dataDir })).toEqual({ key: first.key, generated: false });
    expect(Buffer.from(readFileSync(path.join(dataDir, "credentials-key"), "utf8"), "base64url")).toEqual(first.key);
  });

  it("stops on a damaged key file rather than making a new key that cannot read the old values", () => {
    const dataDir = tempFolder();
    writeFileSync(path.join(dataDir, "credentials-key"), "short");
    expect(() => resolveCredentialsKey({ DATA_DIR: dataDir })).toThrow(CredentialsKeyError);
  });
});
