import { mkdtempSync, readdirSync, rmSync } from "node:fs";
import { tmpdir } from "node:os";
import path from "node:path";
import { afterAll, describe, expect, it } from "vitest";
import { MAX_IMAGE_BYTES } from "./picture-limits.ts";
import { readMessageUpload } from "./message-upload.server.ts";

const folder = mkdtempSync(path.join(tmpdir(), "alex-upload-"));
afterAll(() => rmSync(folder, { recursive: true, force: true }));

const PNG_SIGNATURE = [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a];
const png = (size: number) => {
  const bytes = new Uint8Array(size).fill(7);
  bytes.set(PNG_SIGNATURE);
  return bytes;
};

function upload(parts: [string, string | Uint8Array][]) {
  const form = new FormData();
  for (const [name, value] of parts)
    if (typeof value === "string") form.append(name, value);
    else form.append(name, new Blob([new Uint8Array(value)]), `${name}.png`);
  return readMessageUpload(new Request("http://localhost/", { method: "POST", body: form }), folder);
}

/** Every file the store left in the folder, temporary ones included. */
const filesLeft = () => readdirSync(folder, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());

describe("a message with pictures, read as it arrives", () => {
  it("writes three pictures at their largest to files, typed by their bytes", async () => {
    const read = await upload([
      ["payload", "{}"],
      ["image", png(MAX_IMAGE_BYTES)],
      ["image", png(MAX_IMAGE_BYTES)],
      ["image", png(20)],
    ]);
    expect(read.kind).toBe("read");
    if (read.kind !== "read") return;
    expect(read.payload).toBe("{}");
    expect(read.pictures.map((picture) => [picture.mime, picture.size])).toEqual([
      ["image/png", MAX_IMAGE_BYTES],
      ["image/png", MAX_IMAGE_BYTES],
      ["image/png", 20],
    ]);
    expect(read.pictures.every((picture) => /^\d{4}-\d{2}\/[0-9a-f-]{36}\.png$/.test(picture.file))).toBe(true);
    expect(filesLeft()).toHaveLength(3);
    rmSync(path.join(folder, read.pictures[0]!.file.slice(0, 7)), { recursive: true });
  });

  it("refuses a picture that is not one, too large, empty, or one too many, and keeps none of the others", async () => {
    const gif = new TextEncoder().encode("GIF89a not a picture we take");
    for (const parts of [
      [
        ["payload", "{}"],
        ["image", png(100)],
        ["image", gif],
      ],
      [
        ["payload", "{}"],
        ["image", png(MAX_IMAGE_BYTES + 1)],
      ],
      [
        ["payload", "{}"],
        ["image", new Uint8Array()],
      ],
      [["payload", "{}"], ...Array.from({ length: 4 }, () => ["image", png(100)])],
    ] as [string, string | Uint8Array][][])
      expect((await upload(parts)).kind).toBe("images");
    expect(filesLeft()).toEqual([]);
  });

  it("refuses an upload without its payload, with two, or with a part of another name", async () => {
    for (const parts of [
      [["image", png(100)]],
      [
        ["payload", "{}"],
        ["payload", "{}"],
      ],
      [
        ["payload", "{}"],
        ["photo", png(100)],
      ],
    ] as [string, string | Uint8Array][][])
      expect((await upload(parts)).kind).toBe("invalid");
    expect(filesLeft()).toEqual([]);
  });
});
