// Placeholder: manage players (being written).
import type { Route } from "./+types/manage-players";

export const meta: Route.MetaFunction = () => [{ title: "manage players | Tournament Manager" }];

export default function Page() {
  return <h1>manage players</h1>;
}
