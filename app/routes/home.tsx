// Placeholder: home (being written).
import type { Route } from "./+types/home";

export const meta: Route.MetaFunction = () => [{ title: "home | Tournament Manager" }];

export default function Page() {
  return <h1>home</h1>;
}
