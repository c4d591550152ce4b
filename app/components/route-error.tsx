// The error screen of tournament pages: SPEC.md's page messages ("Invalid tournament ID", "Tournament not found", …) as the heading.
import { isRouteErrorResponse, Link, useRouteError } from "react-router";

export function TournamentErrorBoundary() {
  const error = useRouteError();
  if (isRouteErrorResponse(error) && error.status < 500) {
    const message =
      typeof error.data === "string" ? error.data : (error.data?.message ?? error.statusText ?? "Something went wrong");
    return (
      <div className="empty card" style={{ marginTop: "1.5rem" }}>
        <title>{`${message} | Tournament Manager`}</title>
        <h1>{message}</h1>
        <div className="row" style={{ justifyContent: "center" }}>
          <Link className="btn primary" to="/dashboard">Back to Dashboard</Link>
          <Link className="btn" to="/">Go Home</Link>
        </div>
      </div>
    );
  }
  if (error instanceof Error) console.error(error);
  return (
    <div className="empty card" style={{ marginTop: "1.5rem" }}>
      <title>Something went wrong | Tournament Manager</title>
      <h1>Something went wrong</h1>
      <p>An unexpected error occurred. Please try again.</p>
      <div className="row" style={{ justifyContent: "center" }}>
        <a className="btn primary" href="">Try Again</a>
        <Link className="btn" to="/">Go Home</Link>
      </div>
    </div>
  );
}
