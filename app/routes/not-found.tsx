// Any unknown path: the 404 page.
import { data, Link, redirect } from "react-router";
import type { Route } from "./+types/not-found";

export const meta: Route.MetaFunction = () => [{ title: "Page Not Found | Tournament Manager" }];

export async function loader({ request }: Route.LoaderArgs) {
  // SPEC.md section 2: "A path containing create-account also opens the register tab" (two of them are routes).
  const url = new URL(request.url);
  if (url.pathname.includes("create-account")) throw redirect(`/auth/create-account${url.search}`);
  return data(null, { status: 404 });
}

export async function action() {
  return data(null, { status: 404 });
}

export default function NotFound() {
  return (
    <div className="empty card" style={{ marginTop: "2rem" }}>
      <h1>404</h1>
      <h2>Page not found</h2>
      <p>The page you are looking for does not exist or has been moved.</p>
      <Link className="btn primary" to="/">
        Go Home
      </Link>
    </div>
  );
}
