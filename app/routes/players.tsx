// Placeholder: players (being written).
import type { Route } from "./+types/players";

export const meta: Route.MetaFunction = () => [{ title: "players | Tournament Manager" }];

export default function Page() {
  return <h1>players</h1>;
}
