// Error screens: the tournament pages' boundary (docs/rules.md's page messages such as "Invalid tournament ID" as the heading) and the panel the root boundary shares.
import type { ReactNode } from "react";
import { Link, useLocation, useRouteError, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import { errorScreen, type ErrorScreen } from "~/lib/error-screen";

/** The body of an error screen: its heading, a plain sentence, and the ways on. */
export function ErrorPanel({
  screen,
  heading,
  children,
}: {
  screen: ErrorScreen;
  heading?: string;
  children: ReactNode;
}) {
  return (
    <div className="empty card error-screen" style={{ marginTop: "1.5rem" }}>
      <title>{`${screen.title} | Tournament Manager`}</title>
      <h1>{heading ?? screen.title}</h1>
      {heading ? <p>{screen.title}</p> : null}
      {screen.message ? <p>{screen.message}</p> : null}
      <div className="row" style={{ justifyContent: "center" }}>
        {children}
      </div>
    </div>
  );
}

/** "Try Again" reloads the same address: a plain link, so it works without JavaScript. */
export function TryAgainLink() {
  const location = useLocation();
  return (
    <a className="btn primary" href={location.pathname + location.search}>
      Try Again
    </a>
  );
}

export function TournamentErrorBoundary() {
  const error = useRouteError();
  // A visitor (a spectator with a mistyped link) is never sent to the dashboard's login wall.
  const signedIn = Boolean(useRouteLoaderData<typeof rootLoader>("root")?.user);
  const screen = errorScreen(error);
  if (screen.status >= 500 || !(error && typeof error === "object" && "status" in error)) {
    if (error instanceof Error) console.error(error);
    return (
      <ErrorPanel screen={screen}>
        <TryAgainLink />
        <Link className="btn" to="/">
          Go Home
        </Link>
      </ErrorPanel>
    );
  }
  return (
    <ErrorPanel screen={screen}>
      {signedIn ? (
        <Link className="btn primary" to="/dashboard">
          Back to Dashboard
        </Link>
      ) : null}
      <Link className={signedIn ? "btn" : "btn primary"} to="/">
        Go Home
      </Link>
    </ErrorPanel>
  );
}
