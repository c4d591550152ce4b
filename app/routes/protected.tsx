// The protected pages' layout: its middleware sends visitors to /auth before any loader runs.
import { Outlet, redirect } from "react-router";
import type { Route } from "./+types/protected";
import { userContext } from "~/lib/context";

export const middleware: Route.MiddlewareFunction[] = [
  async ({ request, context }, next) => {
    if (!context.get(userContext)) {
      const url = new URL(request.url);
      throw redirect(`/auth?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
    }
    return next();
  },
];

export default function Protected() {
  return <Outlet />;
}
