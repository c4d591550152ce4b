// Placeholder: guide (being written).
import type { Route } from "./+types/guide";

export const meta: Route.MetaFunction = () => [{ title: "guide | Tournament Manager" }];

export default function Page() {
  return <h1>guide</h1>;
}
