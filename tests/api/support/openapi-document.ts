// The parts of /api/openapi.json that the API tests walk: paths, operations and JSON Schemas.

export type Schema = {
  $ref?: string;
  type?: string | string[];
  anyOf?: Schema[];
  enum?: unknown[];
  pattern?: string;
  properties?: Record<string, Schema>;
  required?: string[];
  items?: Schema;
  minimum?: number;
  maximum?: number;
  minLength?: number;
  maxLength?: number;
};

export type OpenApiOperation = {
  parameters?: { name: string; in: string; schema?: Schema }[];
  requestBody?: { content: Record<string, { schema: Schema }> };
  security: Record<string, string[]>[];
};

export type OpenApiDocument = {
  paths: Record<string, Record<string, OpenApiOperation>>;
  components: {
    schemas: Record<string, Schema>;
    securitySchemes: Record<string, { type: string; scheme?: string }>;
  };
};
