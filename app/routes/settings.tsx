// Placeholder: settings (being written).
import type { Route } from "./+types/settings";

export const meta: Route.MetaFunction = () => [{ title: "settings | Tournament Manager" }];

export default function Page() {
  return <h1>settings</h1>;
}
