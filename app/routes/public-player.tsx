// Placeholder: public player (being written).
import type { Route } from "./+types/public-player";

export const meta: Route.MetaFunction = () => [{ title: "public player | Tournament Manager" }];

export default function Page() {
  return <h1>public player</h1>;
}
