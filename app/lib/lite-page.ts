// Pages served without React (docs/decisions/013-public-pages-without-react.md): the route flag, and what the server's document renderer hands the root layout.
import { createContext, useContext } from "react";
import { useMatches } from "react-router";

/** A route `handle` for a page whose document ships no React: server HTML plus the inline page script. */
export const withoutReactHandle = { hydrate: false } as const;

/**
 * A route `handle` for a host screen served without React (docs/decisions/039-host-pages-without-react.md): the same
 * document as `withoutReactHandle`, whose inline script also answers a lobby save in one request and keeps the score
 * forms' placement checks and the cut's tie picks live (app/scripts/host.ts).
 */
export const hostPageHandle = { hydrate: false, hostScript: true } as const;

/**
 * What app/entry.server.tsx gives the document: the request's CSP nonce, the inline page scripts' text (the public
 * pages' or the host screens', app/lib/page-scripts.server.ts), and the stylesheet's text when the document should
 * carry it inline (null: link the file). Absent in the browser.
 */
export type ServerDocument = {
  nonce: string;
  pageScript: (name: "public" | "host") => string;
  inlineStylesheet: string | null;
};

/**
 * Whether a document carries its stylesheet inline (docs/decisions/016-inline-stylesheet.md): yes for a document a
 * browser navigates to, so it paints from the first bytes of HTML without a second round trip; no for a script's
 * fetch of a page (`Sec-Fetch-Dest: empty`: the live script's re-fetch, which only swaps `<main>`).
 */
export function inlinesStylesheet(header: (name: string) => string | null | undefined) {
  return header("sec-fetch-dest") !== "empty";
}

export const ServerDocumentContext = createContext<ServerDocument | null>(null);

/**
 * The server document while it renders a page flagged `hydrate: false`, else null. In the browser it is
 * always null: a client navigation from a React page into a public page renders it with React, as before.
 */
export function useServerDocumentWithoutReact(): ServerDocument | null {
  const document = useContext(ServerDocumentContext);
  const flagged = useMatches().some((match) => (match.handle as { hydrate?: boolean } | undefined)?.hydrate === false);
  return document && flagged ? document : null;
}

/** Whether a matched route asks for the host screens' part of the inline script (`hostPageHandle`). */
export function useHostScript(): boolean {
  return useMatches().some((match) => (match.handle as { hostScript?: boolean } | undefined)?.hostScript === true);
}

/** The `id` of the `<style>` that carries the stylesheet inline. */
const INLINE_STYLESHEET_ID = "app-stylesheet";

/**
 * In the browser, the stylesheet the server put inline into this document, read once as the root module loads
 * (before hydration); null when the document links it, and on the server.
 */
const inlinedByServer =
  typeof document === "undefined" ? null : (document.getElementById(INLINE_STYLESHEET_ID)?.textContent ?? null);

/**
 * The stylesheet's text when the document carries it inline (docs/decisions/016-inline-stylesheet.md), else null:
 * on the server from `ServerDocumentContext`, in the browser from the document itself, so React hydrates the same
 * `<style>` the server wrote and never swaps it for a `<link>` (which would restyle the whole page mid-hydration).
 */
export function useInlineStylesheet(): { id: string; text: string } | null {
  const text = useContext(ServerDocumentContext)?.inlineStylesheet ?? inlinedByServer;
  return text === null ? null : { id: INLINE_STYLESHEET_ID, text };
}
