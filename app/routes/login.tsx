// The standalone login screen.
import { redirect, useRouteLoaderData, useSearchParams } from "react-router";
import type { Route } from "./+types/login";
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
  return loginAction(request, context, () => "Welcome to Tournament Manager!");
}

export default function Login({ actionData }: Route.ComponentProps) {
  const root = useRouteLoaderData<typeof rootLoader>("root");
  const [params] = useSearchParams();
  return (
    <div className="container narrow">
      <div className="card" style={{ marginTop: "2rem" }}>
        <h1 style={{ textAlign: "center" }}>Login</h1>
        <p className="muted" style={{ textAlign: "center" }}>
          Tournament Manager - Admin Access
        </p>
        <LoginForm
          actionData={actionData}
          redirectTo={params.get("redirectTo")}
          demoLogin={root?.demoLogin ?? false}
          placeholders={{ username: "Enter admin username", password: "Enter password" }}
        />
        <LoginNotes />
      </div>
    </div>
  );
}
