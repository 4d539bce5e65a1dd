import { PassThrough } from "node:stream";
import { createReadableStreamFromReadable } from "@react-router/node";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { I18nextProvider } from "react-i18next";
import { ServerRouter, type EntryContext, type RouterContextProvider } from "react-router";
import { nonceContext } from "~/context.ts";
import { IslandAssetsContext } from "~/islands/island-page.tsx";
import { ISLAND_PAGE_ASSETS } from "~/islands/page-assets.server.ts";
import { i18nContext } from "~/i18n/middleware.server.ts";
import { MAX_MESSAGE_UPLOAD_BYTES } from "~/conversations/message-schema.ts";
import { CHAT_API_PATHS } from "~/conversations/chat-contract.ts";
import { frontDoor } from "~/server/front-door.server.ts";
import { noteRouteError } from "~/server/database-outage.server.ts";
import { logError } from "~/server/log.server.ts";

export { requestInfoContext } from "~/context.ts";
export { normalizeAddress } from "~/lib/address.ts";
export { startRuntime, stopRuntime } from "~/runtime.server.ts";
export { appHandler } from "~/server/express-adapter.server.ts";
export { answerClientError, HTTP_SERVER_OPTIONS } from "~/server/front-door.server.ts";
export { healthCheckHandler, isPlainHealthCheck } from "~/server/health.server.ts";
export { beginShutdown } from "~/server/shutdown.server.ts";

/** The front door every request meets first; the message API alone takes images in its body. */
export const frontDoorHandler = frontDoor({ uploads: { [CHAT_API_PATHS.messages]: MAX_MESSAGE_UPLOAD_BYTES } });

export const streamTimeout = 5_000;

export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  if (request.method.toUpperCase() === "HEAD") {
    return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  }
  const nonce = loadContext.get(nonceContext);
  const i18n = loadContext.get(i18nContext);

  return new Promise<Response>((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Crawlers get the whole page at once; people get the shell first and the rest streamed.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <I18nextProvider i18n={i18n}>
        <IslandAssetsContext value={ISLAND_PAGE_ASSETS}>
          <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
        </IslandAssetsContext>
      </I18nextProvider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set("Content-Type", "text/html; charset=utf-8");
          pipe(body);
          resolve(
            new Response(createReadableStreamFromReadable(body), {
              headers: responseHeaders,
              status: responseStatusCode,
            }),
          );
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // A streamed part (a promise a loader handed the page) that failed before the shell was sent
          // makes this a 500; when it failed on an unreachable database, the outage middleware must
          // hear of it to answer 503, even if the database is back by the time it checks.
          noteRouteError(request, error);
          // Shell errors reject above and are logged by React Router; these come from streamed parts.
          if (shellRendered) logError(error, { url: request.url });
        },
      },
    );
  });
}

export function handleError(error: unknown, { request }: { request: Request }) {
  noteRouteError(request, error);
  if (request.signal.aborted) return;
  logError(error, { url: request.url });
}
