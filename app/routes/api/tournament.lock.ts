// Placeholder (being written).
import { jsonError } from "~/lib/api.server";

export async function loader() {
  return jsonError(501, "Not implemented yet");
}
