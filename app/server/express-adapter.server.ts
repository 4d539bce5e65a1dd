import type { IncomingMessage } from "node:http";
import type { RequestHandler, Response as ExpressResponse } from "express";
import { createRequestHandler, type ServerBuild, type RouterContextProvider } from "react-router";
import { cappedBodyOf, uploadBodyOf } from "./front-door.server.ts";
import { baselineSecurityHeaders } from "./security.server.ts";

/*
 * Express to React Router, as @react-router/express does it, with two differences that are the reason
 * this copy exists: the body is the one app/server/front-door.server.ts already read and capped (or, for
 * an upload, its capped stream), and an
 * answer React Router gives without our middleware still gets the baseline security headers.
 * tests/integration/http/express-adapter.test.ts pins its behaviour.
 */

/** The request's URL as the browser saw it; a Host header that is not a host name reads as localhost. */
export function requestUrl(request: Parameters<RequestHandler>[0]) {
  // Express reads the host name from X-Forwarded-Host only when the proxy is trusted; the port comes from the same header.
  const trustsProxy = (request.app.get("trust proxy fn") as (address: string | undefined, hop: number) => boolean)(
    request.socket.remoteAddress,
    0,
  );
  const forwardedHost = trustsProxy ? request.get("X-Forwarded-Host")?.split(",")[0]?.trim() : undefined;
  const hostname = request.hostname.split(/[\\/?#@\s]/)[0] || "localhost";
  const port = /:(\d{1,5})$/.exec(forwardedHost || request.get("host") || "")?.[1];
  try {
    return new URL(`${request.protocol}://${hostname}${port ? `:${port}` : ""}${request.originalUrl}`);
  } catch {
    return new URL(`${request.protocol}://localhost${request.originalUrl}`);
  }
}

/** The Fetch API request React Router reads: the browser's URL, every header, and the body the front door capped. */
export function toWebRequest(request: Parameters<RequestHandler>[0], signal?: AbortSignal): Request {
  const headers = new Headers();
  for (const [name, value] of Object.entries(request.headers)) {
    if (Array.isArray(value)) for (const one of value) headers.append(name, one);
    else if (value !== undefined) headers.set(name, value);
  }
  const hasBody = request.method !== "GET" && request.method !== "HEAD";
  const upload = uploadBodyOf(request);
  return new Request(requestUrl(request).href, {
    method: request.method,
    headers,
    signal,
    ...(upload
      ? // An upload is read by its route as it arrives (`duplex` says the body streams in).
        { body: upload, duplex: "half" }
      : hasBody
        ? { body: new Uint8Array(cappedBodyOf(request) ?? Buffer.alloc(0)) }
        : {}),
  } as RequestInit);
}

/**
 * Streams an answer's body into the response, waiting whenever the response is full. The compression
 * middleware hands a `drain` listener to its compressor but cannot take it off again (it proxies
 * `on`, not `off`), so waiting with a listener per full buffer, as @react-router/node does, left
 * one more listener on the compressor each time: a warning past ten, and a long export's every
 * drain calling all of them. One listener per response wakes the single waiting write instead.
 */
export async function writeBody(body: ReadableStream<Uint8Array>, response: ExpressResponse) {
  const reader = body.getReader();
  let wake: (() => void) | undefined;
  const resume = () => {
    wake?.();
    wake = undefined;
  };
  response.on("drain", resume);
  // A client that leaves ends a read that waits for more (a live stream between events) at once.
  response.once("close", () => {
    resume();
    reader.cancel().catch(() => {});
  });
  try {
    while (true) {
      const { done, value } = await reader.read();
      if (response.destroyed) break;
      if (done) {
        response.end();
        return;
      }
      const roomLeft = response.write(value);
      // Compression holds bytes back until its buffer fills: a streamed page goes out as React writes it.
      (response as ExpressResponse & { flush?: () => void }).flush?.();
      if (!roomLeft && !response.destroyed) await new Promise<void>((resolve) => (wake = resolve));
    }
    await reader.cancel();
  } catch (error) {
    await reader.cancel(error).catch(() => {});
    if (!response.destroyed) response.destroy(error instanceof Error ? error : new Error(String(error)));
    throw error;
  } finally {
    reader.releaseLock();
  }
}

type AppHandlerOptions = {
  build: ServerBuild;
  mode: string;
  getLoadContext: (request: IncomingMessage) => RouterContextProvider;
};

/**
 * React Router behind the front door: the same as @react-router/express's handler, except that
 * the request's body is the one the front door already read and capped (a stream cannot be read twice).
 */
export function appHandler({ build, mode, getLoadContext }: AppHandlerOptions): RequestHandler {
  const handleRequest = createRequestHandler(build, mode);
  return async (request, response, next) => {
    try {
      const controller = new AbortController();
      response.on("close", () => {
        if (!response.writableFinished) controller.abort();
      });
      // An upload its route answered without reading (a refusal before the body) is let go by, so
      // the client, still sending, reads the answer and the connection serves its next request.
      const upload = uploadBodyOf(request);
      if (upload) response.on("finish", () => void (upload.locked ? undefined : upload.cancel().catch(() => {})));
      const answer = await handleRequest(toWebRequest(request, controller.signal), getLoadContext(request));
      if (response.destroyed || response.writableEnded) {
        await answer.body?.cancel();
        return;
      }
      response.statusMessage = answer.statusText;
      response.status(answer.status);
      for (const [name, value] of answer.headers.entries()) response.append(name, value);
      // An answer React Router gives without running our middleware (its own cross-site form check) gets the baseline too;
      // every other answer has its headers from the middleware already (the framed widget without X-Frame-Options).
      if (!answer.headers.has("X-Content-Type-Options"))
        for (const [name, value] of Object.entries(baselineSecurityHeaders())) response.setHeader(name, value);
      if (answer.body) await writeBody(answer.body, response);
      else response.end();
    } catch (error) {
      if (response.destroyed || response.writableEnded) return;
      next(error);
    }
  };
}
