import fc from "fast-check";
import type { RawRequest } from "./raw-http.ts";
import type { RouteLeaf } from "../support/route-walker.ts";

/** What the suite learned about the product before generating: names and values that get a request past the first check. */
export type Dictionary = {
  /** Form field names on the pages and keys of the zod schemas in app/. */
  fieldNames: string[];
  /** Values the pages' forms carry (intents, hidden fields, options). */
  fieldValues: string[];
  /** Short text values from the database (license keys, ids, usernames): a request that names a real row goes deeper. */
  tokens: string[];
  /** Real values of each route's path params, read from the links on the pages, by route id. */
  paramValues: Record<string, string[]>;
};

const CONTROL_CHARACTERS = [
  "\u0000",
  "\u0001",
  "\u0007",
  "\b",
  "\t",
  "\n",
  "\u000b",
  "\f",
  "\r",
  "\u001b",
  "\u007f",
  "\u0085",
  "\u009b",
];
const BIDI_CONTROLS = [
  "\u202a",
  "\u202b",
  "\u202c",
  "\u202d",
  "\u202e",
  "\u2066",
  "\u2067",
  "\u2068",
  "\u2069",
  "\u200e",
  "\u200f",
  "\u061c",
];
const UNICODE_EDGES = [
  "\u200b",
  "\ufeff",
  "\u00ad",
  "\u2028",
  "\u2029",
  "\ufffd",
  "\uffff",
  "\ud800",
  "\udfff",
  "\ud83d",
  "𝕏",
  "👩‍👩‍👧‍👦",
  "e\u0301\u0301\u0301",
  "ﷺ",
  "שלום",
  "İ",
  "ß",
  "Ꙃ",
  "\u0590",
  "ـــ",
  "\u{10ffff}",
];
const INJECTIONS = [
  "<script>alert(1)</script>",
  '"><img src=x onerror=alert(1)>',
  "'; drop table clients;--",
  "' or '1'='1",
  "${7*7}",
  "{{7*7}}",
  "../../../../etc/passwd",
  "%00",
  "%",
  "%zz",
  "=cmd|' /C calc'!A0",
  "@SUM(1+1)",
  "javascript:alert(1)",
  "//evil.example",
  "/\t/evil.example",
  "/\\evil.example",
  "https://evil.example/",
  "__proto__",
  "constructor",
  "prototype",
  "null",
  "undefined",
  "true",
  "false",
  "NaN",
  "-1",
  "0",
  "-0",
  "1e309",
  "9".repeat(400),
  "0x10",
  "2147483648",
  "-9223372036854775809",
  " ",
  "",
];
const PLAUSIBLE = [
  "a@example.com",
  "operator",
  "https://example.com",
  "1",
  "he",
  "en",
  "Dana Cohen",
  "+972 50-123-4567",
  "2026-01-01",
];

/** Any of the text an attacker would try: control and bidi characters, unicode edges, injections, huge strings, and plausible or real values to get past the first check. */
export function hostileText(dictionary: Dictionary): fc.Arbitrary<string> {
  const known = [...dictionary.tokens, ...dictionary.fieldValues, ...PLAUSIBLE];
  return fc.oneof(
    { arbitrary: fc.string({ unit: "binary", maxLength: 40 }), weight: 3 },
    { arbitrary: fc.string({ unit: "grapheme", maxLength: 40 }), weight: 1 },
    { arbitrary: fc.constantFrom(...INJECTIONS, ...UNICODE_EDGES), weight: 3 },
    {
      arbitrary: fc
        .array(fc.constantFrom(...CONTROL_CHARACTERS, ...BIDI_CONTROLS, ...UNICODE_EDGES, "a", "ש", " ", "@", "."), {
          maxLength: 30,
        })
        .map((parts) => parts.join("")),
      weight: 3,
    },
    {
      arbitrary: fc
        .tuple(fc.constantFrom("a", "ש", "\u202e", "\u0000", "😀", "<b>"), fc.integer({ min: 1_000, max: 100_000 }))
        .map(([unit, count]) => unit.repeat(count)),
      weight: 1,
    },
    { arbitrary: fc.constantFrom(...known), weight: 4 },
    {
      arbitrary: fc
        .tuple(fc.constantFrom(...known), fc.constantFrom(...CONTROL_CHARACTERS, ...BIDI_CONTROLS))
        .map(([value, mark]) => `${mark}${value}${mark}`),
      weight: 2,
    },
  );
}

const ESCAPED_BYTES = Array.from({ length: 256 }, (_, byte) => `%${byte.toString(16).toUpperCase().padStart(2, "0")}`);
/** For each set of characters kept as they are, what each byte becomes. */
const byteTables = new Map<string, readonly string[]>();

function byteTable(keep: RegExp) {
  const key = `${keep.source}/${keep.flags}`;
  const kept = byteTables.get(key);
  if (kept) return kept;
  const table = ESCAPED_BYTES.map((escaped, byte) =>
    byte < 0x80 && keep.test(String.fromCharCode(byte)) ? String.fromCharCode(byte) : escaped,
  );
  byteTables.set(key, table);
  return table;
}

/**
 * UTF-8 bytes percent-encoded except what a URL may carry as is (a lone surrogate becomes U+FFFD, as a
 * browser sends it). Values run to hundreds of kilobytes, so each byte is a table lookup: an array of
 * one string a byte made this half of the hostile suite's own CPU.
 */
export function percentEncode(text: string, keep = /[A-Za-z0-9\-._~]/) {
  const table = byteTable(keep);
  let encoded = "";
  for (const byte of Buffer.from(text, "utf8")) encoded += table[byte];
  return encoded;
}

/** A header value Node will send: the text's UTF-8 bytes read as Latin-1, without the control characters HTTP forbids. */
function asHeaderValue(text: string) {
  return Buffer.from(text, "utf8")
    .toString("latin1")
    .replace(/[\u0000-\u0008\u000a-\u001f\u007f]/g, "") // eslint-disable-line no-control-regex -- control characters are what this removes
    .slice(0, 2_000);
}

type Field = [name: string, value: string];

const urlEncoded = (fields: Field[]) =>
  fields.map(([name, value]) => `${percentEncode(name)}=${percentEncode(value)}`).join("&");

function multipart(fields: Field[], boundary: string, broken: boolean) {
  const parts = fields.map(([name, value], index) =>
    index % 3 === 2
      ? `--${boundary}\r\nContent-Disposition: form-data; name="${name}"; filename="${value.slice(0, 20)}.php"\r\nContent-Type: application/octet-stream\r\n\r\n${value}\r\n`
      : `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`,
  );
  const whole = `${parts.join("")}--${boundary}--\r\n`;
  return Buffer.from(broken ? whole.slice(0, Math.max(1, Math.floor(whole.length / 2))) : whole, "utf8");
}

function jsonValue(dictionary: Dictionary, text: fc.Arbitrary<string>) {
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...dictionary.fieldNames), weight: 4 },
    { arbitrary: text, weight: 1 },
  );
  return fc.letrec((tie) => ({
    value: fc.oneof(
      { depthSize: "small", withCrossShrink: true },
      text,
      fc.constantFrom(null, true, false, 0, -1, 1.5, 2 ** 53 + 1, -0, 1e308, Number.MAX_SAFE_INTEGER),
      fc.integer(),
      fc.array(tie("value"), { maxLength: 4 }),
      fc.dictionary(key, tie("value"), { maxKeys: 6 }),
    ),
  })).value;
}

/** `[[[[…]]]]` or `{"a":{"a":…}}` nested `depth` times. */
const deepJson = (depth: number, asObjects: boolean) =>
  asObjects ? `${'{"a":'.repeat(depth)}1${"}".repeat(depth)}` : `${"[".repeat(depth)}${"]".repeat(depth)}`;

export type HostileBody = { kind: string; body: Buffer | null; contentType: string | null };

export function hostileBody(dictionary: Dictionary): fc.Arbitrary<HostileBody> {
  const text = hostileText(dictionary);
  const name = fc.oneof(
    { arbitrary: fc.constantFrom(...dictionary.fieldNames), weight: 5 },
    { arbitrary: text, weight: 1 },
  );
  const fields = fc.array(fc.tuple(name, text), { maxLength: 12 });
  const boundary = "----hostile-boundary-7MA4YWxkTrZu0gW";
  return fc.oneof(
    { arbitrary: fc.constant<HostileBody>({ kind: "none", body: null, contentType: null }), weight: 1 },
    {
      arbitrary: fields.map((list): HostileBody => ({
        kind: "form",
        body: Buffer.from(urlEncoded(list)),
        contentType: "application/x-www-form-urlencoded",
      })),
      weight: 6,
    },
    {
      arbitrary: fc
        .tuple(fields, fc.constantFrom("&%zz=%", "&=&&=", "&a", "&%FF%FE=%C0%AE", "&a[b][c][d]=1", "&__proto__[x]=1"))
        .map(([list, tail]): HostileBody => ({
          kind: "broken form",
          body: Buffer.from(urlEncoded(list) + tail),
          contentType: "application/x-www-form-urlencoded",
        })),
      weight: 1,
    },
    {
      // Field names a form parser could build into objects and arrays: an index of a billion, deep
      // paths, long names, on a field the form has or not (one such post once killed the server).
      arbitrary: fc
        .tuple(
          fields,
          fc.constantFrom(...dictionary.fieldNames, "x"),
          fc.oneof(
            fc.integer({ min: 1_000, max: 2_147_483_647 }).map((index) => `[${index}]`),
            fc.integer({ min: 100, max: 4_000 }).map((depth) => "[0]".repeat(depth)),
            fc.integer({ min: 100, max: 4_000 }).map((depth) => ".a".repeat(depth)),
            fc.integer({ min: 1_000, max: 20_000 }).map((length) => "n".repeat(length)),
          ),
        )
        .map(([list, field, tail]): HostileBody => ({
          kind: "huge or deep field name",
          body: Buffer.from(`${urlEncoded(list)}&${percentEncode(field)}${tail}=1`),
          contentType: "application/x-www-form-urlencoded",
        })),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(name, fc.integer({ min: 100, max: 100_000 })).map(([field, count]): HostileBody => ({
        kind: `one field repeated up to ${count} times`,
        // A short name, and at most 2 MB like every other body: a long name repeated 100,000 times would
        // overflow a string, and a body far past every cap only tests the socket's patience.
        body: repeatedField(percentEncode(Array.from(field).slice(0, 40).join("")), count),
        contentType: "application/x-www-form-urlencoded",
      })),
      weight: 1,
    },
    {
      arbitrary: fc.tuple(fields, fc.boolean()).map(([list, broken]): HostileBody => ({
        kind: broken ? "broken multipart" : "multipart",
        body: multipart(list, boundary, broken),
        contentType: `multipart/form-data; boundary=${boundary}`,
      })),
      weight: 2,
    },
    {
      arbitrary: jsonValue(dictionary, text).map((value): HostileBody => ({
        kind: "json",
        body: Buffer.from(JSON.stringify(value) ?? "null"),
        contentType: "application/json",
      })),
      weight: 5,
    },
    {
      arbitrary: fc
        .tuple(fc.integer({ min: 100, max: 20_000 }), fc.boolean())
        .map(([depth, asObjects]): HostileBody => ({
          kind: `json nested ${depth} deep`,
          body: Buffer.from(deepJson(depth, asObjects)),
          contentType: "application/json",
        })),
      weight: 1,
    },
    {
      arbitrary: fc.uint8Array({ maxLength: 2_048 }).map((bytes): HostileBody => ({
        kind: "random bytes",
        body: Buffer.from(bytes),
        contentType: "application/octet-stream",
      })),
      weight: 1,
    },
    {
      arbitrary: fc.integer({ min: 64 * 1024, max: 2 * 1024 * 1024 }).map((size): HostileBody => ({
        kind: `${size} bytes`,
        body: Buffer.alloc(size, "a=1&"),
        contentType: "application/x-www-form-urlencoded",
      })),
      weight: 1,
    },
  );
}

const CONTENT_TYPES = [
  "application/x-www-form-urlencoded",
  "multipart/form-data",
  "multipart/form-data; boundary=",
  "application/json",
  "application/json; charset=utf-16",
  "text/plain",
  "text/html",
  "application/xml",
  "application/octet-stream",
  "application/x-www-form-urlencoded; charset=iso-8859-8",
  "",
  "*/*",
  "application/json, text/plain",
];

/** Methods Node's parser knows (it answers anything else itself, before the app: see the absurd-method test). */
export const METHODS = [
  "GET",
  "HEAD",
  "POST",
  "PUT",
  "PATCH",
  "DELETE",
  "OPTIONS",
  "TRACE",
  "PROPFIND",
  "SEARCH",
  "PURGE",
  "MKCOL",
  "REPORT",
  "LOCK",
];

export function hostileMethod() {
  return fc.oneof(
    { arbitrary: fc.constant("POST"), weight: 6 },
    { arbitrary: fc.constant("GET"), weight: 3 },
    { arbitrary: fc.constantFrom(...METHODS), weight: 3 },
  );
}

/** A path segment: a real value, a number, or hostile text, percent-encoded (or, now and then, raw and broken). */
function pathSegment(dictionary: Dictionary, known: string[]) {
  return fc.oneof(
    { arbitrary: fc.constantFrom(...(known.length ? known : ["1"])), weight: 3 },
    { arbitrary: fc.integer({ min: -1, max: 1_000_000 }).map(String), weight: 1 },
    { arbitrary: hostileText(dictionary).map((value) => percentEncode(value.slice(0, 300))), weight: 3 },
    {
      arbitrary: fc.constantFrom(
        "..",
        "%2e%2e",
        "%2F",
        "%00",
        "%",
        "%zz",
        ".",
        "~",
        "%C0%AE",
        "*",
        ":id",
        "index",
        "_root",
      ),
      weight: 1,
    },
  );
}

/** Query parameters the routes read, besides the dictionary's field names. */
export const QUERY_KEYS = [
  "redirectTo",
  "lng",
  "q",
  "search",
  "status",
  "period",
  "page",
  "limit",
  "clientId",
  "license",
  "licenseKey",
  "lang",
  "sessionId",
  "format",
  "list",
  "intent",
  "add",
];
/** Sent as they are, not encoded again: broken and dangerous percent-encodings (NUL, lone surrogate, overlong dot, CR LF, bidi). */
const RAW_QUERY_VALUES = [
  "%00",
  "a%00b",
  "%",
  "%zz",
  "%C0%AE",
  "%ED%A0%80",
  "%FF",
  "%E2%80%AE",
  "%0D%0A",
  "+",
  "%2B",
  "%26",
  "%3D",
  "%23",
];

/**
 * A query string as hostile as the bodies: known and hostile keys, repeated keys and keys alone,
 * hostile text encoded, broken encodings sent raw, and values long enough to cost a search its time.
 */
export function hostileQuery(dictionary: Dictionary): fc.Arbitrary<string> {
  const text = hostileText(dictionary);
  const key = fc.oneof(
    { arbitrary: fc.constantFrom(...QUERY_KEYS), weight: 4 },
    { arbitrary: fc.constantFrom(...dictionary.fieldNames), weight: 2 },
    { arbitrary: text.map((each) => each.slice(0, 100)), weight: 1 },
  );
  const value = fc.oneof(
    { arbitrary: text.map((each) => percentEncode(each.slice(0, 500))), weight: 5 },
    { arbitrary: fc.constantFrom(...RAW_QUERY_VALUES), weight: 2 },
    { arbitrary: fc.integer({ min: 1_000, max: 8_000 }).map((count) => "x".repeat(count)), weight: 1 },
  );
  const pair = fc.oneof(
    { arbitrary: fc.tuple(key, value).map(([name, each]) => `${percentEncode(name)}=${each}`), weight: 6 },
    { arbitrary: key.map((name) => percentEncode(name)), weight: 1 },
  );
  return fc.oneof(
    { arbitrary: fc.constant(""), weight: 2 },
    { arbitrary: fc.constantFrom("?index", "?lng=en", "?lng=he", "?_routes=root", "?lng=../../x"), weight: 1 },
    { arbitrary: fc.array(pair, { minLength: 1, maxLength: 6 }).map((pairs) => `?${pairs.join("&")}`), weight: 4 },
    // One parameter alone: with others beside it, a route may refuse another one before it reads this.
    { arbitrary: fc.tuple(fc.constantFrom(...QUERY_KEYS), value).map(([name, each]) => `?${name}=${each}`), weight: 2 },
    { arbitrary: fc.integer({ min: 100, max: 1_500 }).map((count) => `?${"a=1&".repeat(count)}`), weight: 1 },
  );
}

/** The route's path with its params filled by known values (or 1): where the query-parameter sweep sends its requests. */
export function plainPath(route: RouteLeaf, dictionary: Dictionary) {
  const known = dictionary.paramValues[route.id] ?? [];
  let index = 0;
  const path = route.pattern.replace(/:\w+\??/g, () => percentEncode(known[index++] ?? "1")).replace(/\/?\*$/, "");
  return path || "/";
}

export function hostilePath(route: RouteLeaf, dictionary: Dictionary): fc.Arbitrary<string> {
  const known = dictionary.paramValues[route.id] ?? [];
  const segment = pathSegment(dictionary, []);
  const params = fc.array(pathSegment(dictionary, known), {
    minLength: route.params.length + 1,
    maxLength: route.params.length + 1,
  });
  const splat = fc.oneof(
    { arbitrary: fc.array(segment, { maxLength: 6 }).map((parts) => parts.join("/")), weight: 4 },
    { arbitrary: fc.integer({ min: 50, max: 4_000 }).map((count) => Array(count).fill("a").join("/")), weight: 1 },
  );
  const suffix = fc.constantFrom("", "", "", ".data", "/", "//", "/.data", "%20", ";jsessionid=1");
  const query = hostileQuery(dictionary);
  return fc.tuple(params, splat, suffix, query).map(([values, rest, end, search]) => {
    let index = 0;
    const path = route.pattern.replace(/:\w+\??/g, () => values[index++]!).replace(/\*$/, rest);
    return `${path.replace(/\/$/, "") || "/"}${path === "/" && end === "/" ? "" : end}${search}`;
  });
}

export type HostileRequest = RawRequest & { bodyKind: string };

/** A whole request to one route: method, path, headers and body, all generated. */
export function hostileRequest(route: RouteLeaf, dictionary: Dictionary, origin: string): fc.Arbitrary<HostileRequest> {
  const text = hostileText(dictionary);
  const headerText = text.map(asHeaderValue);
  const contentType = fc.oneof(
    { arbitrary: fc.constant("as the body"), weight: 6 },
    { arbitrary: fc.constantFrom(...CONTENT_TYPES), weight: 2 },
    { arbitrary: headerText, weight: 1 },
  );
  const headers = fc.record(
    {
      Origin: fc.constantFrom(origin, origin, "https://evil.example", "null"),
      Accept: fc.constantFrom("text/html", "application/json", "*/*", "text/x-script", "image/png"),
      "Accept-Language": headerText,
      Cookie: headerText.map((value) => `lng=${value}`),
      Referer: fc.constantFrom(`${origin}/admin`, "https://evil.example/"),
      "Sec-Fetch-Site": fc.constantFrom("same-origin", "cross-site", "none"),
      "X-Forwarded-For": fc.oneof(fc.ipV4(), fc.ipV6(), headerText),
      "X-Forwarded-Proto": fc.constantFrom("https", "http", "gopher"),
    },
    { requiredKeys: ["X-Forwarded-For"] },
  );
  return fc
    .record({
      method: hostileMethod(),
      path: hostilePath(route, dictionary),
      headers,
      body: hostileBody(dictionary),
      contentType,
      chunked: fc.boolean(),
    })
    .map(({ method, path, headers: chosen, body, contentType: type, chunked }) => {
      const all: Record<string, string> = { ...chosen };
      const sentType = type === "as the body" ? body.contentType : type;
      if (sentType !== null) all["Content-Type"] = sentType;
      return {
        method,
        path,
        headers: all,
        body: body.body,
        chunked: chunked && body.body !== null,
        bodyKind: body.kind,
      };
    });
}

/** What a failure report shows of a request: everything but a huge body. */
export function describeRequest(request: HostileRequest) {
  const body = request.body
    ? `${request.body.length} bytes (${request.bodyKind}${request.chunked ? ", chunked" : ""}): ${JSON.stringify(request.body.subarray(0, 300).toString("latin1"))}`
    : "no body";
  return `${request.method} ${request.path.length > 300 ? `${request.path.slice(0, 300)}… (${request.path.length} chars)` : request.path}\n${JSON.stringify(request.headers, null, 1)}\n${body}`;
}

const MAX_REPEATED_BODY_BYTES = 2_000_000;

function repeatedField(encodedName: string, count: number) {
  const pair = `${encodedName}=1&`;
  return Buffer.from(pair.repeat(Math.min(count, Math.floor(MAX_REPEATED_BODY_BYTES / pair.length))));
}
