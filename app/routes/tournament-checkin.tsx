// Placeholder: tournament checkin (being written).
import type { Route } from "./+types/tournament-checkin";

export const meta: Route.MetaFunction = () => [{ title: "tournament checkin | Tournament Manager" }];

export default function Page() {
  return <h1>tournament checkin</h1>;
}
