/** archiver 8 ships no types (and @types/archiver describes version 6): the part we use. */
declare module "archiver" {
  import type { Readable } from "node:stream";

  export type EntryData = { name: string; date?: Date; mode?: number };

  export class ZipArchive extends Readable {
    constructor(options?: { zlib?: { level?: number }; comment?: string });
    append(source: string | Buffer | Readable, data: EntryData): this;
    finalize(): Promise<void>;
    abort(): this;
    pointer(): number;
  }
}
