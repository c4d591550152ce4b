// Pages served without React (docs/decisions/013-public-pages-without-react.md): the route flag, and what the server's document renderer hands the root layout.
import { createContext, useContext } from "react";
import { useMatches } from "react-router";

/** A route `handle` for a page whose document ships no React: server HTML plus the inline live script. */
export const withoutReactHandle = { hydrate: false } as const;

/**
 * What app/entry.server.tsx gives the document: the request's CSP nonce, the inline live script, and the stylesheet's
 * text when the page should carry it inline (null: link the file). Absent in the browser.
 */
export type ServerDocument = {
  nonce: string;
  liveScript: (tournamentId: number | null) => string;
  inlineStylesheet: string | null;
};

/**
 * Whether a page without React carries its stylesheet inline (docs/decisions/016-inline-stylesheet-on-public-pages.md):
 * yes for a document a browser navigates to, so it paints from the first bytes of HTML without a second round trip;
 * no for the live script's re-fetch (`Sec-Fetch-Dest: empty`), which only swaps `<main>` and needs no styles.
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
