import { describe, expect, it } from "vitest";
import { parseCsv } from "../../tests/support/csv.ts";
import { csvDateTime, csvResponse, everyRow, guardCell } from "./csv.server.ts";

type Row = { id: number; text: string; amount: number | null };
const columns = [
  { header: "Text", value: (row: Row) => row.text },
  { header: "Amount", value: (row: Row) => row.amount },
];

async function bytesOf(response: Response) {
  return new Uint8Array(await response.arrayBuffer());
}

describe("guardCell", () => {
  it.each([
    ["=SUM(A1:A2)", "'=SUM(A1:A2)"],
    ["+972 50 123 4567", "'+972 50 123 4567"],
    ["-1", "'-1"],
    ["@cmd", "'@cmd"],
    ["\t=1", "'\t=1"],
    ["\r=1", "'\r=1"],
    ["plain", "plain"],
    ["a=b", "a=b"],
    ["", ""],
    ["שלום", "שלום"],
    ["note\n@SUM(1+1)", "note\n'@SUM(1+1)"],
    ["a\r=cmd|' /C calc'!A0", "a\r'=cmd|' /C calc'!A0"],
    ["a\r\n-1\n+2", "a\r\n'-1\n'+2"],
    ["a\n\r=1", "a\n'\r'=1"],
  ])("%j becomes %j", (input, output) => {
    expect(guardCell(input)).toBe(output);
  });
});

describe("csvResponse", () => {
  it("is a UTF-8 attachment with a byte-order mark, CRLF records, quoting and guarded cells", async () => {
    const response = csvResponse({
      filename: "test.csv",
      columns: [...columns, { header: "=Header", value: () => "x" }],
      rows: [
        { id: 1, text: "=1+1", amount: 3 },
        { id: 2, text: 'שלום, "עולם"\nשורה', amount: null },
      ],
    });
    expect(response.headers.get("Content-Type")).toBe("text/csv; charset=utf-8");
    expect(response.headers.get("Content-Disposition")).toBe('attachment; filename="test.csv"');
    const bytes = await bytesOf(response);
    expect([...bytes.slice(0, 3)]).toEqual([0xef, 0xbb, 0xbf]);
    const text = new TextDecoder().decode(bytes);
    expect(text).toBe('Text,Amount,\'=Header\r\n\'=1+1,3,x\r\n"שלום, ""עולם""\nשורה",,x\r\n');
    expect(parseCsv(text)).toEqual([
      ["Text", "Amount", "'=Header"],
      ["'=1+1", "3", "x"],
      ['שלום, "עולם"\nשורה', "", "x"],
    ]);
  });

  it("quotes every value holding a bare CR or LF, so no reader sees a new row there", async () => {
    const response = csvResponse({
      filename: "test.csv",
      columns,
      rows: [
        { id: 1, text: "a\r@SUM(1+1)", amount: 1 },
        { id: 2, text: "b\n=cmd|' /C calc'!A0", amount: 2 },
      ],
    });
    const text = new TextDecoder().decode(await bytesOf(response));
    expect(text).toBe("Text,Amount\r\n\"a\r'@SUM(1+1)\",1\r\n\"b\n'=cmd|' /C calc'!A0\",2\r\n");
    const rows = parseCsv(text);
    expect(rows).toHaveLength(3);
    for (const row of rows.slice(1))
      for (const line of row[0]!.split(/\r\n|\r|\n/)) expect(line).not.toMatch(/^[=+\-@]/);
  });

  it("writes only the header row when there are no rows", async () => {
    const text = new TextDecoder().decode(await bytesOf(csvResponse({ filename: "empty.csv", columns, rows: [] })));
    expect(text).toBe("Text,Amount\r\n");
  });

  it("reads the rows only as the body is read", async () => {
    let produced = 0;
    async function* rows() {
      for (let id = 1; id <= 100_000; id++) {
        produced++;
        yield { id, text: "x".repeat(100), amount: id };
      }
    }
    const response = csvResponse({ filename: "big.csv", columns, rows: rows() });
    const reader = response.body!.getReader();
    await reader.read();
    await new Promise((resolve) => setTimeout(resolve, 20));
    expect(produced).toBeLessThan(100_000);
    await reader.cancel();
  });

  it("fails the body, not the process, when reading the rows fails", async () => {
    async function* rows() {
      yield { id: 1, text: "ok", amount: 1 };
      throw new Error("database went away");
    }
    const response = csvResponse({ filename: "broken.csv", columns, rows: rows() });
    await expect(response.text()).rejects.toThrow();
  });
});

describe("everyRow", () => {
  it("reads page after page until a short page", async () => {
    const table = Array.from({ length: 7 }, (_, index) => ({ id: 7 - index }));
    const asked: (number | undefined)[] = [];
    const rows: number[] = [];
    for await (const row of everyRow(3, async (afterId) => {
      asked.push(afterId);
      const start = afterId === undefined ? 0 : table.findIndex((candidate) => candidate.id === afterId) + 1;
      return table.slice(start, start + 3);
    })) {
      rows.push(row.id);
    }
    expect(rows).toEqual([7, 6, 5, 4, 3, 2, 1]);
    expect(asked).toEqual([undefined, 5, 2]);
  });

  it("asks once more after an exactly full last page", async () => {
    const pages = [[{ id: 2 }, { id: 1 }], []];
    const rows: number[] = [];
    for await (const row of everyRow(2, async () => pages.shift() ?? [])) rows.push(row.id);
    expect(rows).toEqual([2, 1]);
    expect(pages).toEqual([]);
  });
});

describe("csvDateTime", () => {
  it("writes the time in the given zone, as spreadsheets read it", () => {
    const instant = new Date("2025-01-15T22:30:05Z");
    expect(csvDateTime(instant, "Asia/Jerusalem")).toBe("2025-01-16 00:30:05");
    expect(csvDateTime(instant, "UTC")).toBe("2025-01-15 22:30:05");
  });
});
