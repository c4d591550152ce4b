// Placeholder: leaderboard (being written).
import type { Route } from "./+types/leaderboard";

export const meta: Route.MetaFunction = () => [{ title: "leaderboard | Tournament Manager" }];

export default function Page() {
  return <h1>leaderboard</h1>;
}
