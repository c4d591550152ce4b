// Placeholder: dashboard (being written).
import type { Route } from "./+types/dashboard";

export const meta: Route.MetaFunction = () => [{ title: "dashboard | Tournament Manager" }];

export default function Page() {
  return <h1>dashboard</h1>;
}
