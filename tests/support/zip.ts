import { inflateRawSync } from "node:zlib";

export type ZipEntry = { name: string; data: Buffer; compressed: boolean };

/**
 * Reads a ZIP file through its central directory (PKWARE APPNOTE 4.3): enough to check what the
 * server built, without an unzip program on the machine. Stored and deflated entries only.
 */
export function readZip(zip: Buffer): ZipEntry[] {
  const endOfDirectory = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]));
  if (endOfDirectory < 0) throw new Error("not a ZIP file: no end of central directory");
  const count = zip.readUInt16LE(endOfDirectory + 10);
  let offset = zip.readUInt32LE(endOfDirectory + 16);
  const entries: ZipEntry[] = [];
  for (let index = 0; index < count; index++) {
    if (zip.readUInt32LE(offset) !== 0x02014b50) throw new Error(`bad central directory entry ${index}`);
    const method = zip.readUInt16LE(offset + 10);
    const compressedSize = zip.readUInt32LE(offset + 20);
    const nameLength = zip.readUInt16LE(offset + 28);
    const extraLength = zip.readUInt16LE(offset + 30);
    const commentLength = zip.readUInt16LE(offset + 32);
    const localHeader = zip.readUInt32LE(offset + 42);
    const name = zip.subarray(offset + 46, offset + 46 + nameLength).toString("utf8");
    const dataStart = localHeader + 30 + zip.readUInt16LE(localHeader + 26) + zip.readUInt16LE(localHeader + 28);
    const raw = zip.subarray(dataStart, dataStart + compressedSize);
    if (method !== 0 && method !== 8) throw new Error(`${name}: compression method ${method} is not supported`);
    entries.push({ name, data: method === 8 ? inflateRawSync(raw) : Buffer.from(raw), compressed: method === 8 });
    offset += 46 + nameLength + extraLength + commentLength;
  }
  return entries;
}
