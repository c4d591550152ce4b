// GET /api/openapi.json: the OpenAPI 3.1 document of the JSON API, built from the routes' zod schemas.
import { allowOnly, handleApi, json } from "~/lib/api.server";
import { openApiDocument } from "~/lib/openapi.server";

export async function loader() {
  return handleApi(async () => json(openApiDocument()));
}

export const action = allowOnly("GET");
