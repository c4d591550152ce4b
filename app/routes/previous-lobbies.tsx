// Placeholder: previous lobbies (being written).
import type { Route } from "./+types/previous-lobbies";

export const meta: Route.MetaFunction = () => [{ title: "previous lobbies | Tournament Manager" }];

export default function Page() {
  return <h1>previous lobbies</h1>;
}
