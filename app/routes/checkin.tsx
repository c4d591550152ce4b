// Placeholder: checkin (being written).
import type { Route } from "./+types/checkin";

export const meta: Route.MetaFunction = () => [{ title: "checkin | Tournament Manager" }];

export default function Page() {
  return <h1>checkin</h1>;
}
