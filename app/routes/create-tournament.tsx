// Placeholder: create tournament (being written).
import type { Route } from "./+types/create-tournament";

export const meta: Route.MetaFunction = () => [{ title: "create tournament | Tournament Manager" }];

export default function Page() {
  return <h1>create tournament</h1>;
}
