import { existsSync, readdirSync, readFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

/**
 * The repository explains itself: a comment, a test title or a doc states its rule or points at a
 * file the repository holds, never at a document kept elsewhere or a ticket number, which a reader
 * of the code cannot open. And every decision record says when it was taken and whether it still holds.
 */
const root = fileURLToPath(new URL("..", import.meta.url));
const SELF = path.relative(root, fileURLToPath(import.meta.url));

const FOLDERS = ["app", "db", "tests", "scripts", "docs"];
const TEXT_FILE = /\.(ts|tsx|js|mjs|json|md|sql|php|css|txt)$/;
const ROOT_FILE = /^(README\.md|[^/]+\.(ts|js|mjs))$/;
/** Applied migrations are never edited, so nothing in them could be fixed. */
const SKIPPED = /^db\/migrations\//;

const OUTSIDE_CITATIONS: [string, RegExp][] = [
  ["a numbered section of an outside document", /§\s*\d/],
  ["the product specification", /\bspec(ification)?\s*§|product-spec|\bthe spec(ification)?('s)?(?![\w.-])/i],
  ["a ticket number", /\bissues?\s+#?\d/i],
  ["the design notes kept outside", /\bDESIGN\.md\b|\bSTACK\.md\b|\.\.\/shared\b/],
];

/** A path into one of the repository's own folders, as comments and docs name files. */
const REPOSITORY_PATH =
  /(?<![\w./$-])(?:app|db|tests|scripts|docs|patches|public)\/[\w./-]+\.(?:tsx?|mjs|js|md|sql|php|json|css)\b/g;

function repositoryFiles(): string[] {
  const inFolders = FOLDERS.flatMap((folder) =>
    readdirSync(path.join(root, folder), { recursive: true, encoding: "utf8" }).map((file) =>
      path.join(folder, file).split(path.sep).join("/"),
    ),
  );
  const atRoot = readdirSync(root).filter((file) => ROOT_FILE.test(file));
  return [...inFolders, ...atRoot].filter(
    (file) => TEXT_FILE.test(file) && !SKIPPED.test(file) && file !== SELF && !file.includes("node_modules/"),
  );
}

const DECISIONS = path.join(root, "docs/decisions");
const RECORD_NAME = /^(\d{3})-[a-z0-9-]+\.md$/;
const records = readdirSync(DECISIONS)
  .filter((file) => RECORD_NAME.test(file) && file !== "000-template.md")
  .map((file) => ({
    file,
    number: RECORD_NAME.exec(file)![1]!,
    text: readFileSync(path.join(DECISIONS, file), "utf8"),
  }));

/** What is wrong with a record's heading, Date and Status lines; empty when nothing is. */
function recordProblems({ file, number, text }: (typeof records)[number]): string[] {
  const lines = text.split("\n");
  const problems: string[] = [];
  if (!lines[0]?.startsWith(`# ${number}: `)) problems.push(`${file}: the title must read "# ${number}: …"`);
  const date = /^Date: (\d{4}-\d{2}-\d{2})$/.exec(lines[2] ?? "")?.[1];
  if (!date || Number.isNaN(Date.parse(date))) problems.push(`${file}: the third line must be "Date: YYYY-MM-DD"`);
  const status = /^Status: (Accepted|Proposed|Superseded by (\d{3}))$/.exec(lines[3] ?? "");
  if (!status) problems.push(`${file}: the fourth line must be "Status: Accepted", "Proposed" or "Superseded by NNN"`);
  else if (status[2] && !records.some((record) => record.number === status[2] && record.number !== number)) {
    problems.push(`${file}: superseded by ${status[2]}, which is no other record`);
  }
  return problems;
}

/** Lines the check must catch, assembled from parts so that this file itself cites nothing. */
const SECTION = "\u00a7";
const CITATION_SAMPLES = [
  `// Spec ${SECTION}7: the API`,
  `/** (spec ${SECTION}3) */`,
  ["see issue", "12 item 5"].join(" "),
  ["Issue", "#8"].join(" "),
  `${["DESIGN", "md"].join(".")} ${SECTION}5.5`,
  ["..", "shared", "spec", "product-spec.md"].join("/"),
  `${["STACK", "md"].join(".")} facts`,
  "the spec's columns",
];

describe("the repository explains itself", () => {
  it("cites no document it does not hold, and no ticket number", () => {
    const files = repositoryFiles();
    expect(files.length).toBeGreaterThan(100);
    const citations = files.flatMap((file) =>
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .flatMap((line, index) =>
          OUTSIDE_CITATIONS.filter(([, pattern]) => pattern.test(line)).map(
            ([what]) => `${file}:${index + 1} cites ${what}: ${line.trim()}`,
          ),
        ),
    );
    expect(citations).toEqual([]);
  });

  it("names only files it holds", () => {
    const named = repositoryFiles().flatMap((file) =>
      readFileSync(path.join(root, file), "utf8")
        .split("\n")
        .flatMap((line, index) =>
          [...line.matchAll(REPOSITORY_PATH)]
            .map((match) => match[0])
            .filter((cited) => !existsSync(path.join(root, cited)))
            .map((cited) => `${file}:${index + 1} names ${cited}, which is not here`),
        ),
    );
    expect(named).toEqual([]);
  });

  it("gives every decision record a number, a date and a status, after the template", () => {
    expect(existsSync(path.join(DECISIONS, "000-template.md"))).toBe(true);
    expect(records.length).toBeGreaterThan(0);
    expect(records.flatMap(recordProblems)).toEqual([]);
    const numbers = records.map((record) => record.number);
    expect(new Set(numbers).size).toBe(numbers.length);
  });

  it("finds what it forbids", () => {
    const cites = (line: string) => OUTSIDE_CITATIONS.some(([, pattern]) => pattern.test(line));
    for (const line of CITATION_SAMPLES) {
      expect(cites(line), line).toBe(true);
    }
    for (const line of [
      "tests/e2e/clients.spec.ts",
      "the tests' specs",
      "issues a token",
      "docs/decisions/012-hostile-input-suite.md",
    ]) {
      expect(cites(line), line).toBe(false);
    }
  });
});

/**
 * A route module reads the request, calls its capability and renders the capability's components
 * (docs/decisions/005-capability-folders.md); past this size it has started to hold their work.
 */
const ROUTE_MODULE_MAX_LINES = 250;

const lineCount = (text: string) => (text === "" ? 0 : text.split("\n").length - (text.endsWith("\n") ? 1 : 0));

describe("route modules stay thin", () => {
  it(`keeps every module under app/routes/ within ${ROUTE_MODULE_MAX_LINES} lines`, () => {
    const routes = path.join(root, "app/routes");
    const modules = readdirSync(routes, { recursive: true, encoding: "utf8" }).filter((file) => /\.tsx?$/.test(file));
    expect(modules.length).toBeGreaterThan(10);
    const tooLong = modules
      .map((file) => ({
        file: `app/routes/${file.split(path.sep).join("/")}`,
        lines: lineCount(readFileSync(path.join(routes, file), "utf8")),
      }))
      .filter(({ lines }) => lines > ROUTE_MODULE_MAX_LINES)
      .map(({ file, lines }) => `${file}: ${lines} lines`);
    expect(tooLong).toEqual([]);
  });

  it("counts a file's lines, with or without a final newline", () => {
    expect(lineCount("a\nb\n")).toBe(2);
    expect(lineCount("a\nb")).toBe(2);
    expect(lineCount("")).toBe(0);
  });
});
