// Server rendering of documents, with the per-request CSP nonce on React Router's inline scripts.
import { PassThrough } from "node:stream";
import type { EntryContext, HandleErrorFunction, RouterContextProvider } from "react-router";
import { createReadableStreamFromReadable } from "@react-router/node";
import { ServerRouter } from "react-router";
import { isbot } from "isbot";
import { renderToPipeableStream, type RenderToPipeableStreamOptions } from "react-dom/server";
import { noteRequestError } from "~/lib/availability.server";
import { boot } from "~/lib/boot.server";
import { nonceContext } from "~/lib/context";
import { inlinesStylesheet, ServerDocumentContext } from "~/lib/lite-page";
import { pageScript } from "~/lib/page-scripts.server";
// The built stylesheet's text, which a document a browser opens carries inline (docs/decisions/016-inline-stylesheet.md);
// imported here, server-only, so it is never in a script bundle.
import stylesheetText from "~/styles/app.css?inline";

// Environment, database and master account are ready before the first request is served.
await boot();

export const streamTimeout = 5_000;

/** Logs a loader's, action's or middleware's error as React Router would, and tells the availability check about it. */
export const handleError: HandleErrorFunction = (error, { request, context }) => {
  noteRequestError(error, request, context);
  if (!request.signal.aborted) console.error(error);
};

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
  const inlineStylesheet = inlinesStylesheet((name) => request.headers.get(name)) ? stylesheetText : null;
  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get("user-agent");
    // Bots and no-JavaScript readers get the whole page at once.
    const readyOption: keyof RenderToPipeableStreamOptions =
      (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? "onAllReady" : "onShellReady";
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      // The nonce and the inline page scripts for the pages served without React, and the stylesheet for any document
      // that carries it inline (app/lib/lite-page.ts).
      <ServerDocumentContext.Provider value={{ nonce, pageScript, inlineStylesheet }}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </ServerDocumentContext.Provider>,
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
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}
