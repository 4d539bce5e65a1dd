import { execFileSync } from "node:child_process";
import { mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { describe, expect, it } from "vitest";
import { readTar, TarError, writeTar } from "./tar.ts";

describe("tar", () => {
  const entries = [
    { name: "manifest.json", content: Buffer.from('{"a":1}') },
    { name: "empty", content: Buffer.alloc(0) },
    { name: "exactly-a-block", content: Buffer.alloc(512, 7) },
    { name: "binary.tar", content: Buffer.from(Array.from({ length: 1500 }, (_, index) => index % 256)) },
  ];

  it("reads back what it wrote", () => {
    expect(readTar(writeTar(entries)).map(({ name, content }) => ({ name, content: Buffer.from(content) }))).toEqual(
      entries,
    );
  });

  it("writes what the system's tar unpacks", () => {
    const folder = mkdtempSync(path.join(tmpdir(), "alex-tar-"));
    try {
      writeFileSync(path.join(folder, "backup.tar"), writeTar(entries));
      execFileSync("tar", ["-xf", "backup.tar"], { cwd: folder });
      for (const entry of entries) expect(readFileSync(path.join(folder, entry.name))).toEqual(entry.content);
    } finally {
      rmSync(folder, { recursive: true, force: true });
    }
  });

  it("refuses a damaged or cut archive", () => {
    const archive = writeTar(entries);
    const damaged = Buffer.from(archive);
    damaged[3] = 0x41;
    expect(() => readTar(damaged)).toThrow(TarError);
    expect(() => readTar(archive.subarray(0, archive.length - 1024 - 600))).toThrow(/binary.tar is cut short/);
    expect(() => readTar(archive.subarray(0, 1024))).toThrow(/before its end marker/);
  });
});
