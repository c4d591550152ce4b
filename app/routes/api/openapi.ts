// GET /api/openapi.json: the OpenAPI 3.1 document of the JSON API, built from the route table and the routes' zod schemas.
import { allowOnly, handleApi, json } from "~/lib/api.server";
import { documented, guarded, guards, openApiDocument } from "~/lib/openapi.server";

export const loader = documented(async () => handleApi(async () => json(await openApiDocument())), {
  get: guarded(
    {
      operationId: "openapi",
      tag: "Documentation",
      summary: "This document (OpenAPI 3.1)",
      answers: { 200: { description: "The OpenAPI document", contentType: "application/json" } },
    },
    guards.open,
  ),
});

export const action = allowOnly("GET");
