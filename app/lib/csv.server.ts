import { Readable } from "node:stream";
import { stringify } from "csv-stringify";
import { cached } from "./intl-cache.ts";

export type CsvCell = string | number | null | undefined;
export type CsvColumn<Row> = { header: string; value: (row: Row) => CsvCell };

/**
 * Spreadsheets run a cell that starts with = + - @ (or a tab or carriage return before one) as a
 * formula; a leading apostrophe makes it plain text. A line break inside a value starts a line a
 * reader sees on its own (a tool that splits on lines, a cell shown line by line), so the start of
 * every line is guarded, not only the first. Every text cell goes through this, headers too.
 */
const LINE_FORMULA_START = /(^|\r\n|\n|\r)(?=[=+\-@\t\r])/g;
export const guardCell = (text: string) => text.replace(LINE_FORMULA_START, "$1'");

const toCell = (value: CsvCell) => (typeof value === "string" ? guardCell(value) : (value ?? ""));

/**
 * Reads a table newest first, page after page, for as long as pages come back full:
 * `fetchPage` gets the id of the last row it returned (undefined for the first page).
 */
export async function* everyRow<Row extends { id: number }>(
  pageSize: number,
  fetchPage: (afterId: number | undefined) => Promise<Row[]>,
): AsyncGenerator<Row> {
  let afterId: number | undefined;
  for (;;) {
    const page = await fetchPage(afterId);
    yield* page;
    if (page.length < pageSize) return;
    afterId = page.at(-1)!.id;
  }
}

type CsvDownload<Row> = {
  /** ASCII file name, with .csv. */
  filename: string;
  columns: CsvColumn<Row>[];
  rows: Iterable<Row> | AsyncIterable<Row>;
};

/**
 * A CSV download built row by row as the browser reads it: UTF-8 with a byte-order mark so Excel
 * shows Hebrew, CRLF line ends, formula cells guarded. The rows are read only as fast as they are sent.
 */
export function csvResponse<Row>({ filename, columns, rows }: CsvDownload<Row>): Response {
  const records = Readable.from(
    (async function* () {
      for await (const row of rows) yield columns.map((column) => toCell(column.value(row)));
    })(),
  );
  const stringifier = stringify({
    bom: true,
    header: true,
    columns: columns.map((column) => guardCell(column.header)),
    record_delimiter: "windows",
    // A bare CR or LF left unquoted would end the record there: the rest of the cell becomes a new row.
    quoted_match: /[\r\n]/,
  });
  records.on("error", (error) => stringifier.destroy(error));
  records.pipe(stringifier);

  const encoder = new TextEncoder();
  const chunks = stringifier[Symbol.asyncIterator]();
  const body = new ReadableStream<Uint8Array>({
    async pull(controller) {
      const { value, done } = await chunks.next();
      if (done) controller.close();
      else controller.enqueue(typeof value === "string" ? encoder.encode(value) : new Uint8Array(value as Buffer));
    },
    cancel() {
      records.destroy();
      stringifier.destroy();
    },
  });

  return new Response(body, {
    headers: {
      "Content-Type": "text/csv; charset=utf-8",
      "Content-Disposition": `attachment; filename="${filename}"`,
      "Cache-Control": "no-store",
      "X-Content-Type-Options": "nosniff",
    },
  });
}

/** A date and time as Excel reads it (2025-03-01 14:05:09), in the operator's time zone. */
export function csvDateTime(date: Date, timeZone: string) {
  return cached(
    `csv|${timeZone}`,
    () => new Intl.DateTimeFormat("sv-SE", { timeZone, dateStyle: "short", timeStyle: "medium" }),
  ).format(date);
}
