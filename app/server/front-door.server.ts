import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";
import { parseWithZod } from "@conform-to/zod/v4";
import type { RequestHandler } from "express";
import { z } from "zod";
import { LANGUAGES, type Language } from "~/i18n/config.ts";
import { languageFor, languageInCookieHeader } from "~/i18n/language-rule.ts";
import { resources } from "~/i18n/resources.server.ts";
import { baselineSecurityHeaders } from "./security.server.ts";

/**
 * What the front door lets through to routing (docs/decisions/010-request-limits.md). Matching a
 * path, parsing a form and rendering a page all cost far more than these checks, so every request
 * meets them first and a refused one costs next to nothing.
 */
export const MAX_PATH_LENGTH = 2048;
export const MAX_PATH_SEGMENTS = 50;
/**
 * The whole address, query string included, refused past this before routing, session or database.
 * Our own pages and APIs take a few hundred characters of query, but the router's route discovery asks
 * `/__manifest` for every path linked from a page (a dashboard listing 70 clients) in one address of up
 * to 7,680 characters, its own limit; past that it stops asking. Beyond about 8 KB a client may itself
 * give up (curl cuts its headers at 8 KB without ending them).
 */
export const MAX_TARGET_LENGTH = 7680;
/**
 * A request's headers must arrive whole within this time, or it is answered 408 (answerClientError).
 * Node's own default is a minute, checked every 30 s: a client whose headers were cut off mid-line
 * waited up to 90 s for any answer.
 */
const HEADERS_DEADLINE_MS = 10_000;

/** Options for node:http's createServer that put the headers' deadline in force within a second of it. */
export const HTTP_SERVER_OPTIONS = { headersTimeout: HEADERS_DEADLINE_MS, connectionsCheckingInterval: 1_000 };

/** Methods routing answers; OPTIONS gets 204 with this list, anything else 405. */
const ROUTED_METHODS = ["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE"];
export const ALLOWED_METHODS = [...ROUTED_METHODS, "OPTIONS"].join(", ");

export type BodyClass = {
  name: "public-form" | "operator-form" | "api";
  maxBytes: number;
  /** The most fields a URL-encoded form may carry: each costs Conform a little, together a lot. */
  maxFields: number;
  /** Forms only: which content types reach the action at all. */
  formTypes?: readonly ("urlencoded" | "multipart")[];
};

/**
 * Public forms (the landing page's, the investor page's, the login, the plugin preview) are a few
 * fields: the largest is the investor inquiry, 4,000 Hebrew characters URL-encoded (6 bytes each).
 * Operator forms may carry uploads. APIs read JSON and refuse the wrong type themselves, in their
 * own words; each still caps its own body below this.
 */
export const BODY_CLASSES = {
  publicForm: { name: "public-form", maxBytes: 32 * 1024, maxFields: 40, formTypes: ["urlencoded"] },
  operatorForm: {
    name: "operator-form",
    maxBytes: 8 * 1024 * 1024,
    maxFields: 1000,
    formTypes: ["urlencoded", "multipart"],
  },
  api: { name: "api", maxBytes: 64 * 1024, maxFields: 1000 },
} as const satisfies Record<string, BodyClass>;

type FrontDoorOptions = {
  /**
   * Paths that take a multipart upload, read by their route as it arrives rather than here, and its cap
   * (the message API's pictures). Any other type of body to them is held to their class's cap.
   */
  uploads?: Record<string, number>;
  /** The time a request may take to send its body before it is cut off. */
  bodyTimeoutMs?: number;
};

export function bodyClassOf(pathname: string): BodyClass {
  const path = pathname.replace(/\.data$/, "");
  if (path === "/api" || path.startsWith("/api/")) return BODY_CLASSES.api;
  if (path === "/admin" || path.startsWith("/admin/")) return BODY_CLASSES.operatorForm;
  return BODY_CLASSES.publicForm;
}

/**
 * A line terminator (CR, LF, U+2028, U+2029) in a path: React Router's route patterns match with `.`,
 * which stops at one, so not even the 404 splat matched and the page failed with a 500.
 */
const ENCODED_LINE_TERMINATOR = /%0a|%0d|%e2%80%a8|%e2%80%a9/i;

/** An absurd path is refused before React Router tries to match it (every parent path of 7,000 segments). */
export function isAbsurdPath(pathname: string) {
  if (!pathname.startsWith("/") || pathname.length > MAX_PATH_LENGTH) return true;
  if (ENCODED_LINE_TERMINATOR.test(pathname)) return true;
  let segments = 0;
  for (const character of pathname) if (character === "/" && ++segments > MAX_PATH_SEGMENTS) return true;
  return false;
}

/**
 * A NUL byte anywhere in the address, path or query string: PostgreSQL refuses it in every text
 * value, so a query parameter holding one (`?q=%00`, `?license=%00`) failed its route with a 500.
 * No address needs one; refusing it here covers every route, present and future.
 */
export function holdsNulByte(target: string) {
  return /%00/.test(target);
}

type Refusal =
  | "pathTooLong"
  | "methodNotAllowed"
  | "formExpected"
  | "formType"
  | "formBroken"
  | "tooLarge"
  | "tooManyFields"
  | "timedOut"
  | "headersTooLarge"
  | "malformed"
  | "addressTooLong"
  | "nulByte";

const textOf = (language: Language, refusal: Refusal) =>
  String(
    (resources[language]?.common as { frontDoor?: Record<Refusal, string> } | undefined)?.frontDoor?.[refusal] ??
      refusal,
  );

/**
 * A request Node cannot parse (headers over its 16 KB limit, broken HTTP) never reaches the front
 * door: Node would answer it with an empty reply. This answers it like every other refusal, with
 * the baseline headers and a line in each language (the request's own language is unreadable).
 */
export function answerClientError(error: NodeJS.ErrnoException, socket: Duplex) {
  if (error.code === "ECONNRESET" || !socket.writable) return void socket.destroy();
  const [status, reason, refusal]: [number, string, Refusal] =
    error.code === "HPE_HEADER_OVERFLOW"
      ? [431, "Request Header Fields Too Large", "headersTooLarge"]
      : error.code === "ERR_HTTP_REQUEST_TIMEOUT"
        ? [408, "Request Timeout", "timedOut"]
        : [400, "Bad Request", "malformed"];
  // A HEAD is answered without a body, as Node answers one: a client reads none after the head. The
  // packet Node could not parse holds the request line when the request came in one piece.
  const rawPacket = (error as { rawPacket?: unknown }).rawPacket;
  const isHead = Buffer.isBuffer(rawPacket) && rawPacket.toString("latin1", 0, 5) === "HEAD ";
  const body = LANGUAGES.map((language) => `${textOf(language, refusal)}\n`).join("");
  const headers = {
    ...baselineSecurityHeaders(),
    "Content-Type": "text/plain; charset=utf-8",
    "Content-Length": String(Buffer.byteLength(body)),
    Connection: "close",
  };
  socket.end(
    `HTTP/1.1 ${status} ${reason}\r\n${Object.entries(headers)
      .map(([name, value]) => `${name}: ${value}\r\n`)
      .join("")}\r\n${isHead ? "" : body}`,
  );
}

/** The language of a refusal, by the same rule as every page's (app/i18n/language-rule.ts). */
export function languageOf(request: IncomingMessage, pathname: string): Language {
  return languageFor(
    pathname,
    /[?&]lng=(\w+)/.exec(request.url ?? "")?.[1],
    languageInCookieHeader(request.headers.cookie),
  );
}

function refuse(
  request: IncomingMessage,
  response: ServerResponse,
  status: number,
  refusal: Refusal | null,
  headers: Record<string, string> = {},
) {
  const pathname = pathOf(request);
  const message = refusal ? textOf(languageOf(request, pathname), refusal) : null;
  const asJson = pathname.startsWith("/api/");
  const body = message === null ? "" : asJson ? JSON.stringify({ error: message }) : `${message}\n`;
  response.writeHead(status, {
    ...baselineSecurityHeaders(),
    "Content-Type": asJson ? "application/json; charset=utf-8" : "text/plain; charset=utf-8",
    "Content-Length": Buffer.byteLength(body),
    "Cache-Control": "no-store",
    ...headers,
  });
  response.end(body);
}

function pathOf(request: IncomingMessage) {
  const target = request.url ?? "/";
  const end = target.search(/[?#]/);
  return end === -1 ? target : target.slice(0, end);
}

/** The body read before routing, handed to the request React Router gets. */
/** The form kit's reserved field names (Conform's INTENT and STATE). */
const INTENT = "__intent__";
const STATE = "__state__";

const bodies = new WeakMap<IncomingMessage, Buffer>();

/** The body the front door read and capped for this request (a stream cannot be read twice); undefined for a GET. */
export const cappedBodyOf = (request: IncomingMessage) => bodies.get(request);

type BodyRead = { kind: "read"; body: Buffer } | { kind: "too-large" } | { kind: "timed-out" };

/**
 * Reads the body up to `maxBytes`, whatever Content-Length says (a chunked body has none). Past the
 * cap it stops keeping the bytes but goes on reading them to the end (or the deadline), so the
 * client, still sending, can read the 413 instead of a reset connection.
 */
function readCappedBody(request: IncomingMessage, maxBytes: number, timeoutMs: number): Promise<BodyRead> {
  return new Promise((resolve) => {
    const chunks: Buffer[] = [];
    let size = 0;
    let tooLarge = false;
    const timer = setTimeout(() => finish({ kind: "timed-out" }), timeoutMs);
    function finish(read: BodyRead) {
      clearTimeout(timer);
      request.off("data", onData);
      request.off("end", onEnd);
      request.off("error", onError);
      resolve(read);
    }
    function onData(chunk: Buffer) {
      size += chunk.length;
      if (size > maxBytes) {
        if (!tooLarge) finish({ kind: "too-large" });
        tooLarge = true;
        chunks.length = 0;
        return;
      }
      chunks.push(chunk);
    }
    const onEnd = () => finish({ kind: "read", body: Buffer.concat(chunks) });
    const onError = () => finish({ kind: "timed-out" });
    request.on("data", onData);
    request.on("end", onEnd);
    request.on("error", onError);
  });
}

/**
 * A refusal with the body still coming is sent once the body has ended, read and discarded: answering
 * mid-upload lets Node close the connection under a client still sending (it asked for `Connection:
 * close`, or the request was not read to its end), and that client gets a reset instead of the
 * answer. One still sending DRAIN_MS later gets the answer and is hung up on.
 */
function afterBody(request: IncomingMessage, response: ServerResponse, send: () => void) {
  if (request.readableEnded || request.complete) return send();
  const timer = setTimeout(() => {
    done();
    response.once("finish", () => request.socket.destroy());
    send();
  }, DRAIN_MS).unref();
  const onEnd = () => {
    done();
    send();
  };
  // A client that gave up needs no answer.
  const done = () => {
    clearTimeout(timer);
    request.off("end", onEnd);
    request.off("error", done);
    request.off("close", done);
  };
  request.on("end", onEnd);
  request.on("error", done);
  request.on("close", done);
  request.resume();
}
const DRAIN_MS = 5_000;

type ContentKind = "urlencoded" | "multipart" | "json" | "other" | "none";

function contentKindOf(request: IncomingMessage): ContentKind {
  const type = (request.headers["content-type"] ?? "").split(";")[0]!.trim().toLowerCase();
  if (!type) return "none";
  if (type === "application/x-www-form-urlencoded") return "urlencoded";
  if (type === "multipart/form-data") return "multipart";
  if (type === "application/json" || type.endsWith("+json")) return "json";
  return "other";
}

function countFields(body: Buffer) {
  let fields = body.length > 0 ? 1 : 0;
  for (const byte of body) if (byte === 0x26 /* & */) fields++;
  return fields;
}

/** Why an upload's body stream failed: over its cap, or too slow to arrive. */
export class UploadRefused extends Error {
  constructor(readonly reason: "too-large" | "timed-out") {
    super(`Upload refused: ${reason}`);
  }
}

const uploads = new WeakMap<IncomingMessage, ReadableStream<Uint8Array>>();

/** The body of an upload, as a stream its route reads as the bytes arrive; undefined for any other request. */
export const uploadBodyOf = (request: IncomingMessage) => uploads.get(request);

/**
 * The request's body as a stream, read only as fast as its reader asks: past `maxBytes`, or after
 * `timeoutMs`, it fails with UploadRefused. Once failed or given up by its reader, what still comes
 * is read and dropped, so the client, still sending, reads the answer instead of a reset connection.
 */
function uploadStream(request: IncomingMessage, maxBytes: number, timeoutMs: number): ReadableStream<Uint8Array> {
  let size = 0;
  let dropping = false;
  let timer: NodeJS.Timeout | undefined;
  return new ReadableStream<Uint8Array>(
    {
      start(controller) {
        const fail = (reason: UploadRefused["reason"]) => {
          if (dropping) return;
          dropping = true;
          controller.error(new UploadRefused(reason));
          request.resume();
          // A client that sends too slowly gets its route's answer, then is hung up on.
          if (reason === "timed-out") setTimeout(() => request.socket.destroy(), DRAIN_MS).unref();
        };
        timer = setTimeout(() => fail("timed-out"), timeoutMs);
        request.on("data", (chunk: Buffer) => {
          if (dropping) return;
          size += chunk.length;
          if (size > maxBytes) return fail("too-large");
          controller.enqueue(new Uint8Array(chunk.buffer, chunk.byteOffset, chunk.byteLength));
          if ((controller.desiredSize ?? 0) <= 0) request.pause();
        });
        request.on("end", () => {
          clearTimeout(timer);
          if (!dropping) controller.close();
        });
        request.on("error", () => fail("timed-out"));
        request.on("close", () => clearTimeout(timer));
        request.pause();
      },
      pull() {
        request.resume();
      },
      cancel() {
        dropping = true;
        request.resume();
      },
    },
    // A few chunks ahead of the reader at most: the rest waits in the connection.
    { highWaterMark: 4 },
  );
}

/** A multipart body's fields, or null when it does not parse. */
async function multipartForm(body: Buffer, contentType: string) {
  try {
    return await new Response(new Blob([new Uint8Array(body)]), {
      headers: { "Content-Type": contentType },
    }).formData();
  } catch {
    return null;
  }
}

/**
 * The form kit (Conform) keeps its own JSON in two reserved fields and throws on a tampered one,
 * which would make any form's action a 500: such a form is refused here, once, as a broken form.
 */
function formKitFieldsBroken(form: URLSearchParams | FormData) {
  if (!form.has(INTENT) && !form.has(STATE)) return false;
  // Only the reserved fields: Conform would also build every other field name into objects and
  // arrays (`x[999999999]`), and an action's form reads only what its schema names
  // (app/components/ui/parse-form.ts).
  const reserved = new FormData();
  for (const name of [INTENT, STATE]) for (const value of form.getAll(name)) reserved.append(name, value);
  try {
    parseWithZod(reserved, { schema: z.unknown() });
    return false;
  } catch {
    return true;
  }
}

const hasBody = (request: IncomingMessage) =>
  request.headers["transfer-encoding"] !== undefined || Number(request.headers["content-length"] ?? 0) > 0;

/**
 * The first thing every request meets, before static files and routing: absurd paths, unknown
 * methods, bodies over their class's cap (checked before a byte is parsed, Content-Length or not),
 * forms of the wrong type and with too many fields. Each refusal is a plain 4xx in the visitor's
 * language with the usual security headers. New routes get all of it without opting in; a route
 * under /admin or /api is classed by its prefix.
 */
export function frontDoor({ uploads: uploadCaps = {}, bodyTimeoutMs = 30_000 }: FrontDoorOptions = {}): RequestHandler {
  return (request, response, next) => {
    if (request.secure) response.setHeader("Strict-Transport-Security", "max-age=31536000; includeSubDomains");
    const pathname = pathOf(request);
    const method = request.method.toUpperCase();
    const hasIncomingBody = hasBody(request);
    const refuseNow = (status: number, refusal: Refusal | null, headers: Record<string, string> = {}) => {
      const send = () => refuse(request, response, status, refusal, headers);
      if (hasIncomingBody) afterBody(request, response, send);
      else send();
    };

    if (isAbsurdPath(pathname)) return refuseNow(414, "pathTooLong");
    if ((request.url ?? "").length > MAX_TARGET_LENGTH) return refuseNow(414, "addressTooLong");
    if (holdsNulByte(request.url ?? "")) return refuseNow(400, "nulByte");
    if (method === "OPTIONS") return refuseNow(204, null, { Allow: ALLOWED_METHODS });
    if (!ROUTED_METHODS.includes(method)) return refuseNow(405, "methodNotAllowed", { Allow: ALLOWED_METHODS });
    const bodyClass = bodyClassOf(pathname);
    const maxBytes = bodyClass.maxBytes;
    if (method === "GET" || method === "HEAD") {
      if (!hasIncomingBody) return next();
      // No route reads a GET's body, but a page answered over one still coming makes Node hang up
      // on the client mid-upload (a reset, not an answer): it is read to its end under the same cap
      // as a post's, and dropped.
      if (Number(request.headers["content-length"] ?? 0) > maxBytes) return refuseNow(413, "tooLarge");
      void readCappedBody(request, maxBytes, bodyTimeoutMs).then((read) => {
        if (read.kind === "too-large") return refuseNow(413, "tooLarge");
        if (read.kind === "timed-out") return refuseNow(408, "timedOut");
        next();
      });
      return;
    }

    const kind = contentKindOf(request);
    if (bodyClass.formTypes && kind === "none" && !hasIncomingBody) {
      // A post with nothing in it is an empty form: the action answers which fields are missing.
      request.headers["content-type"] = "application/x-www-form-urlencoded";
    } else if (bodyClass.formTypes && !(bodyClass.formTypes as readonly string[]).includes(kind)) {
      return refuseNow(415, kind === "none" ? "formExpected" : "formType");
    }
    const uploadCap = kind === "multipart" ? uploadCaps[pathname] : undefined;
    if (uploadCap !== undefined) {
      if (Number(request.headers["content-length"] ?? 0) > uploadCap) return refuseNow(413, "tooLarge");
      uploads.set(request, uploadStream(request, uploadCap, bodyTimeoutMs));
      return next();
    }
    if (Number(request.headers["content-length"] ?? 0) > maxBytes) return refuseNow(413, "tooLarge");

    void readCappedBody(request, maxBytes, bodyTimeoutMs).then(async (read) => {
      if (read.kind === "too-large") return refuseNow(413, "tooLarge");
      if (read.kind === "timed-out") return refuseNow(408, "timedOut");
      if (kind === "urlencoded") {
        if (countFields(read.body) > bodyClass.maxFields) return refuse(request, response, 413, "tooManyFields");
        if (bodyClass.formTypes && formKitFieldsBroken(new URLSearchParams(read.body.toString("utf8"))))
          return refuse(request, response, 400, "formBroken");
      }
      if (kind === "multipart" && bodyClass.formTypes) {
        // A broken multipart body would throw inside the action's formData() (a 500): refuse it here, once.
        const form = await multipartForm(read.body, request.headers["content-type"]!);
        if (form === null || formKitFieldsBroken(form)) return refuse(request, response, 400, "formBroken");
        if ([...form.keys()].length > bodyClass.maxFields) return refuse(request, response, 413, "tooManyFields");
      }
      bodies.set(request, read.body);
      next();
    });
  };
}
