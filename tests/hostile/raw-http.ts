import { request as httpRequest, type IncomingHttpHeaders } from "node:http";

export type RawRequest = {
  method: string;
  /** Sent as is: the caller percent-encodes what Node's client would refuse. */
  path: string;
  headers: Record<string, string>;
  body: Buffer | null;
  /** Sends the body with Transfer-Encoding: chunked (no Content-Length), in a few pieces. */
  chunked: boolean;
};

export type RawResponse = { status: number; headers: IncomingHttpHeaders; body: Buffer; ms: number };

export class DroppedConnection extends Error {}
export class TooSlow extends Error {}
export class TooLarge extends Error {}

/** An answer larger than this to a request of a few KB is an amplifier, whatever its status. */
const MAX_ANSWER_BYTES = 20 * 1024 * 1024;

/**
 * One request on its own connection, without fetch's rules (any method, any path, a body on GET, chunked
 * or not). Resolves with the whole answer, or rejects when there is none in `timeoutMs` or the connection
 * drops before an answer came. A connection closed after the answer (a server that refuses a body
 * without reading it all) counts as answered, and so does an event stream's head.
 */
export function sendRaw(origin: URL, raw: RawRequest, timeoutMs: number): Promise<RawResponse> {
  const started = performance.now();
  return new Promise((resolve, reject) => {
    let answered = false;
    const headers: Record<string, string> = { Connection: "close", ...raw.headers };
    if (raw.body && raw.chunked) headers["Transfer-Encoding"] = "chunked";
    else if (raw.body || !["GET", "HEAD", "OPTIONS", "TRACE", "DELETE"].includes(raw.method))
      headers["Content-Length"] = String(raw.body?.length ?? 0);
    const outgoing = httpRequest({
      host: origin.hostname,
      port: origin.port,
      method: raw.method,
      path: raw.path,
      headers,
      agent: false,
    });
    const timer = setTimeout(() => {
      outgoing.destroy(new TooSlow(`no complete answer within ${timeoutMs} ms`));
    }, timeoutMs);
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(
        error instanceof TooSlow || error instanceof TooLarge
          ? error
          : new DroppedConnection(`the connection dropped before an answer: ${error.message}`),
      );
    };
    outgoing.on("error", (error) => {
      if (!answered) fail(error);
    });
    outgoing.on("response", (incoming) => {
      // A live stream (the operators' /admin/live, the widget's chat events) stays open by design:
      // its head is the whole answer, and the client hangs up.
      if (incoming.statusCode === 200 && String(incoming.headers["content-type"]).startsWith("text/event-stream")) {
        answered = true;
        clearTimeout(timer);
        resolve({ status: 200, headers: incoming.headers, body: Buffer.alloc(0), ms: performance.now() - started });
        outgoing.destroy();
        return;
      }
      const chunks: Buffer[] = [];
      let size = 0;
      incoming.on("data", (chunk: Buffer) => {
        size += chunk.length;
        if (size > MAX_ANSWER_BYTES)
          outgoing.destroy(new TooLarge(`answered ${incoming.statusCode} with more than ${MAX_ANSWER_BYTES} bytes`));
        else chunks.push(chunk);
      });
      incoming.on("error", (error) => {
        if (!answered) fail(error);
      });
      incoming.on("end", () => {
        answered = true;
        clearTimeout(timer);
        resolve({
          status: incoming.statusCode ?? 0,
          headers: incoming.headers,
          body: Buffer.concat(chunks),
          ms: performance.now() - started,
        });
      });
    });
    if (raw.body && raw.chunked) {
      const third = Math.ceil(raw.body.length / 3) || 1;
      for (let start = 0; start < raw.body.length; start += third)
        outgoing.write(raw.body.subarray(start, start + third));
      outgoing.end();
    } else {
      outgoing.end(raw.body ?? undefined);
    }
  });
}
