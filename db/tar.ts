/**
 * The few lines of POSIX tar (ustar) a backup needs: regular files with short names, written and
 * read whole in memory. A standard format, so an operator can list or unpack a backup with `tar`.
 */
const BLOCK = 512;

export type TarEntry = { name: string; content: Uint8Array };

export class TarError extends Error {}

function field(header: Buffer, offset: number, length: number, value: string) {
  header.write(value, offset, length, "ascii");
}

function octal(value: number, length: number) {
  return value.toString(8).padStart(length - 1, "0") + "\0";
}

export function writeTar(entries: TarEntry[], modifiedAt = new Date()): Buffer {
  const parts: Buffer[] = [];
  for (const entry of entries) {
    if (!/^[\w.-]{1,99}$/.test(entry.name)) throw new TarError(`Unsupported entry name: ${entry.name}`);
    const header = Buffer.alloc(BLOCK);
    field(header, 0, 100, entry.name);
    field(header, 100, 8, octal(0o600, 8));
    field(header, 108, 8, octal(0, 8));
    field(header, 116, 8, octal(0, 8));
    field(header, 124, 12, octal(entry.content.length, 12));
    field(header, 136, 12, octal(Math.floor(modifiedAt.getTime() / 1000), 12));
    field(header, 148, 8, " ".repeat(8));
    field(header, 156, 1, "0");
    field(header, 257, 8, "ustar\u000000");
    const checksum = header.reduce((sum, byte) => sum + byte, 0);
    field(header, 148, 8, checksum.toString(8).padStart(6, "0") + "\0 ");
    parts.push(header, Buffer.from(entry.content), Buffer.alloc((BLOCK - (entry.content.length % BLOCK)) % BLOCK));
  }
  parts.push(Buffer.alloc(BLOCK * 2));
  return Buffer.concat(parts);
}

function text(block: Buffer, offset: number, length: number) {
  const raw = block.subarray(offset, offset + length);
  const end = raw.indexOf(0);
  return raw.subarray(0, end === -1 ? length : end).toString("ascii");
}

/** The regular files of a tar archive; anything else (links, folders, long names) is refused. */
export function readTar(archive: Buffer): TarEntry[] {
  const entries: TarEntry[] = [];
  let offset = 0;
  while (offset + BLOCK <= archive.length) {
    const header = archive.subarray(offset, offset + BLOCK);
    if (header.every((byte) => byte === 0)) return entries;
    const stored = Number.parseInt(text(header, 148, 8).trim(), 8);
    const checksum = header.reduce((sum, byte, index) => sum + (index >= 148 && index < 156 ? 32 : byte), 0);
    if (stored !== checksum) throw new TarError(`Damaged archive: bad header at byte ${offset}.`);
    const type = text(header, 156, 1);
    const name = text(header, 0, 100);
    if (type !== "0" && type !== "") throw new TarError(`Unexpected entry ${name} (type ${type}).`);
    const size = Number.parseInt(text(header, 124, 12).trim(), 8);
    const start = offset + BLOCK;
    if (!Number.isSafeInteger(size) || start + size > archive.length)
      throw new TarError(`Damaged archive: ${name} is cut short.`);
    entries.push({ name, content: archive.subarray(start, start + size) });
    offset = start + Math.ceil(size / BLOCK) * BLOCK;
  }
  throw new TarError("Damaged archive: it ends before its end marker.");
}
