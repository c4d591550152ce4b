// The document shell: header, theme, toast, live updates, footer badge, error screen; React's scripts, or none on the public pages.
import {
  data,
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  useMatches,
  useNavigation,
  useParams,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import stylesheet from "./styles/app.css?url";
import { Header } from "./components/header";
import { ErrorPanel, TryAgainLink } from "./components/route-error";
import { errorScreen } from "./lib/error-screen";
import { LiveUpdates } from "./components/live";
import { eventsUrl, NOSCRIPT_REFRESH_SECONDS } from "./lib/live-constants";
import { ToastProvider, ToastRegion } from "./components/toast";
import { useHostScript, useInlineStylesheet, useServerDocumentWithoutReact } from "./lib/lite-page";
import { userContext } from "./lib/context";
import { availabilityMiddleware } from "./lib/availability.server";
import { corsMiddleware } from "./lib/cors.server";
import { getApp } from "./lib/db.server";
import { refusedFormMiddleware, securityMiddleware } from "./lib/security.server";
import { shareKeyQueryMiddleware } from "./lib/share.server";
import { getTheme } from "./lib/theme.server";
import { readToast, secureToastMiddleware } from "./lib/toast.server";
import { keepFocusClearOfHeader } from "./lib/browser";

// Outermost first: a failure of the database anywhere below answers 503.
export const middleware: Route.MiddlewareFunction[] = [
  availabilityMiddleware,
  corsMiddleware,
  securityMiddleware,
  shareKeyQueryMiddleware,
  refusedFormMiddleware,
  secureToastMiddleware,
];

// A save answered in place (app/lib/answered.ts) sends no re-validation GET for the shell either.
export { skipWhenAnswered as shouldRevalidate } from "./lib/answered";

export const links: Route.LinksFunction = () => [{ rel: "icon", href: "/favicon.svg", type: "image/svg+xml" }];

export async function loader({ request, context }: Route.LoaderArgs) {
  const [{ toast, clear }, theme, { env }] = await Promise.all([readToast(request), getTheme(request), getApp()]);
  return data(
    { user: context.get(userContext), theme, toast, demoLogin: env.demoLogin },
    clear ? { headers: { "Set-Cookie": clear } } : undefined,
  );
}

/** Whether a matched route asks for the no-JavaScript refresh (see `liveRefreshHandle`). */
function useNoscriptRefresh() {
  return useMatches().some((match) => {
    const handle = match.handle as { refreshWithoutScript?: (data: unknown) => boolean } | undefined;
    return handle?.refreshWithoutScript?.(match.loaderData) ?? false;
  });
}

export function Layout({ children }: { children: React.ReactNode }) {
  const root = useRouteLoaderData<typeof loader>("root");
  const theme = root?.theme ?? "dark";
  const refresh = useNoscriptRefresh();
  // Public pages ship no React (docs/decisions/013-public-pages-without-react.md): no scripts, no
  // modulepreloads; App puts the inline page script in their place.
  const serverDocument = useServerDocumentWithoutReact();
  const withoutReact = serverDocument !== null;
  const inlineStylesheet = useInlineStylesheet();
  return (
    <html lang="en" className={theme}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {/* A document a browser navigates to carries the stylesheet inline and paints from its first bytes, without
            a second round trip (docs/decisions/016-inline-stylesheet.md); a script's fetch of a page gets the link, a
            stylesheet React writes before the scripts' modulepreload links. */}
        {inlineStylesheet ? (
          <style id={inlineStylesheet.id} dangerouslySetInnerHTML={{ __html: inlineStylesheet.text }} />
        ) : (
          <link rel="stylesheet" href={stylesheet} precedence="app" />
        )}
        <meta name="color-scheme" content={theme === "system" ? "light dark" : theme} />
        <Meta />
        {refresh ? (
          <noscript>
            <meta httpEquiv="refresh" content={String(NOSCRIPT_REFRESH_SECONDS)} />
          </noscript>
        ) : null}
        <Links />
      </head>
      <body>
        {children}
        {withoutReact ? null : (
          <>
            <ScrollRestoration />
            <Scripts />
          </>
        )}
      </body>
    </html>
  );
}

/** Keeps a focused control clear of the sticky header while the page lives (app/lib/browser.ts). */
function useFocusClearOfHeader() {
  useEffect(() => keepFocusClearOfHeader(), []);
}

/** Marks the end of hydration (the first effect), for the phone benchmark (bench/phone.ts) and tests. */
function useHydratedMark() {
  useEffect(() => {
    performance.mark("tm:hydrated");
    document.documentElement.dataset.hydrated = "true";
  }, []);
}

export default function App({ loaderData }: Route.ComponentProps) {
  useHydratedMark();
  useFocusClearOfHeader();
  const navigation = useNavigation();
  const params = useParams();
  const id = Number(params.tournamentId ?? params.id);
  const tournamentId = Number.isInteger(id) && id > 0 ? id : null;
  const withoutReact = useServerDocumentWithoutReact();
  const hostScript = useHostScript();
  return (
    <ToastProvider initial={loaderData.toast}>
      {navigation.state !== "idle" ? <div className="nav-progress" role="progressbar" aria-label="Loading" /> : null}
      <Header user={loaderData.user} theme={loaderData.theme} />
      <ToastRegion />
      {/* What the live script of a page without React re-fetches and swaps in. */}
      <main className="container" data-live-region={withoutReact ? "" : undefined}>
        <Outlet />
      </main>
      {withoutReact ? (
        // The page script the build made of app/scripts/ (docs/decisions/047-page-scripts-as-modules.md); what it
        // follows is an attribute, never text written into its code.
        <script
          nonce={withoutReact.nonce}
          data-events={eventsUrl(tournamentId)}
          dangerouslySetInnerHTML={{ __html: withoutReact.pageScript(hostScript ? "host" : "public") }}
        />
      ) : (
        <LiveUpdates tournamentId={tournamentId} />
      )}
      <FooterBadge />
    </ToastProvider>
  );
}

/** docs/rules.md's footer badge, in a <footer> landmark after the content rather than fixed over it. */
function FooterBadge() {
  return (
    <footer className="site-footer">
      <p className="footer-badge">Tournament Manager · v2.0 • Production Ready</p>
    </footer>
  );
}

/**
 * The error screen of pages without their own: the site header and footer stay, and the message is
 * a person's words (app/lib/error-screen.ts), never the framework's.
 */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRouteLoaderData<typeof loader>("root");
  const screen = errorScreen(error);
  if (screen.status >= 500 && error instanceof Error) console.error(error);
  return (
    <>
      <Header user={root?.user ?? null} theme={root?.theme ?? "dark"} />
      <main className="container">
        {screen.status === 404 ? (
          <ErrorPanel screen={screen} heading="404">
            <Link className="btn primary" to="/">
              Go Home
            </Link>
          </ErrorPanel>
        ) : (
          <ErrorPanel screen={screen}>
            <TryAgainLink />
            <a className="btn" href="/">
              Go Home
            </a>
          </ErrorPanel>
        )}
      </main>
      <FooterBadge />
    </>
  );
}
