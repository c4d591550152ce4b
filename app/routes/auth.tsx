// The auth page: a Login tab and a disabled "Coming Soon" Create Account tab (?tab= or a create-account path).
import { Link, redirect, useLocation, useRouteLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/auth";
import { LoginForm, LoginNotes } from "~/components/login-form";
import { userContext } from "~/lib/context";
import { loginAction } from "~/lib/login-action.server";
import { safeRedirect } from "~/lib/safe-redirect";
import type { loader as rootLoader } from "~/root";

export const meta: Route.MetaFunction = () => [{ title: "Login | Tournament Manager" }];

export async function loader({ context, request }: Route.LoaderArgs) {
  if (context.get(userContext)) throw redirect(safeRedirect(new URL(request.url).searchParams.get("redirectTo")));
  return null;
}

export async function action({ request, context }: Route.ActionArgs) {
  return loginAction(request, context, (name) => `Welcome back, ${name}!`);
}

export default function Auth({ actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [params] = useSearchParams();
  const location = useLocation();
  const register = params.get("tab") === "register" || location.pathname.includes("create-account");
  const redirectTo = params.get("redirectTo");
  const keep = redirectTo ? `&redirectTo=${encodeURIComponent(redirectTo)}` : "";
  return (
    <div className="container narrow">
      <div className="card" style={{ marginTop: "2rem" }}>
        <h1 style={{ textAlign: "center" }}>Tournament Manager</h1>
        <p className="muted" style={{ textAlign: "center" }}>
          Sign in to host and track your tournaments
        </p>
        <nav className="tabs" aria-label="Account">
          <Link to={`/auth?tab=login${keep}`} aria-current={!register ? "page" : undefined}>
            Login
          </Link>
          <Link to={`/auth?tab=register${keep}`} aria-current={register ? "page" : undefined} aria-disabled="true">
            Create Account <span className="badge">Coming Soon</span>
          </Link>
        </nav>
        {register ? (
          <div className="empty">
            <h2>Create Account</h2>
            <p>Coming Soon</p>
            <p className="small">Creating new accounts is currently disabled.</p>
            <button type="button" className="btn primary block" disabled>
              Create Account
            </button>
            <p className="small" style={{ marginTop: "1rem" }}>
              <Link to={`/auth?tab=login${keep}`} className="tap">
                Sign in instead
              </Link>
            </p>
          </div>
        ) : (
          <LoginForm
            actionData={actionData}
            redirectTo={redirectTo}
            demoLogin={root?.demoLogin ?? false}
            placeholders={{ username: "Username", password: "Password" }}
          />
        )}
        <LoginNotes />
      </div>
    </div>
  );
}
