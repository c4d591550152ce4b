// Placeholder: master override (being written).
import type { Route } from "./+types/master-override";

export const meta: Route.MetaFunction = () => [{ title: "master override | Tournament Manager" }];

export default function Page() {
  return <h1>master override</h1>;
}
