// Any unknown /api path answers a JSON 404.
import { jsonError } from "~/lib/api.server";

export async function loader() {
  return jsonError(404, "Not found", "route_not_found");
}

export async function action() {
  return jsonError(404, "Not found", "route_not_found");
}
