// Placeholder: scores (being written).
import type { Route } from "./+types/scores";

export const meta: Route.MetaFunction = () => [{ title: "scores | Tournament Manager" }];

export default function Page() {
  return <h1>scores</h1>;
}
