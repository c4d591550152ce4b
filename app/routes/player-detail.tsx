// Placeholder: player detail (being written).
import type { Route } from "./+types/player-detail";

export const meta: Route.MetaFunction = () => [{ title: "player detail | Tournament Manager" }];

export default function Page() {
  return <h1>player detail</h1>;
}
