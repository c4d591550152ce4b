// Placeholder: public view (being written).
import type { Route } from "./+types/public-view";

export const meta: Route.MetaFunction = () => [{ title: "public view | Tournament Manager" }];

export default function Page() {
  return <h1>public view</h1>;
}
