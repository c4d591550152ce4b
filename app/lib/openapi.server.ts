// The JSON API's OpenAPI 3.1 document, built by walking the route table: each /api route's loader and action carry
// their own operations (`documented`), the shapes are app/lib/api-schemas.server.ts's zod schemas; and the docs page's view of it.
import { z } from "zod";
import { answerSchemas, bodySchemas } from "./api-schemas.server";
import { webhookDocs } from "./openapi-webhooks.server";

// ---------- operations: what a route module says about its calls ----------

export type ApiMethod = "get" | "post" | "patch" | "delete";
type Status = 200 | 304 | 400 | 401 | 403 | 404 | 405 | 409 | 413 | 422 | 429;
/** An answer: its JSON schema (a registered answer, or z.array of one), or another content type. */
export type Answer = { description: string; schema?: z.ZodType; contentType?: string };
export type Answers = Partial<Record<Status, Answer>>;
export type QueryParameter = { name: string; description: string; schema: Record<string, unknown> };

/** One operation in its route module's words: what it does and what it answers beyond its guard's refusals. */
export type ApiOperation = {
  operationId: string;
  tag: "Authentication" | "Tournaments" | "Players" | "Rounds" | "Webhooks" | "Documentation";
  summary: string;
  description?: string;
  query?: QueryParameter[];
  answers: Answers;
  /**
   * A tournament read answered from the version snapshot (app/lib/api-cache.server.ts): documented with its ETag,
   * If-None-Match, 304 and caching headers.
   */
  cached?: boolean;
  /** A read outside the snapshot that still says the tournament's version it is of (the Tournament-Version header). */
  versioned?: boolean;
};

/** Who may call a handler ("user": a token or the page cookie) and the refusals its guard answers by itself. */
/** Who may call, the refusals that says, and the query parameters every call behind it takes. */
export type Guard = { auth: "none" | "user"; answers: Answers; query?: QueryParameter[] };

/** `?key=`: a tournament that is not public is read (or signed up to) with its share link's key (docs/rules.md). */
const SHARE_KEY_QUERY: QueryParameter = {
  name: "key",
  description: "The share link's key of a tournament that is not public (its owner, staff and masters need none)",
  schema: { type: "string", pattern: "^[A-Za-z0-9_-]{32}$" },
};

/**
 * An operation as documented: the route's words, its guard, and the body schema its handler parses;
 * `idempotent` when it takes an Idempotency-Key (app/lib/idempotency.server.ts).
 */
export type DocumentedOperation = ApiOperation & Guard & { body?: z.ZodType; idempotent?: boolean };

/** The Idempotency-Key header of the API's signed-in writes, as the document describes it. */
const IDEMPOTENCY_PARAMETER = {
  name: "Idempotency-Key",
  in: "header",
  required: false,
  description:
    "Optional; 1 to 255 visible ASCII characters (a UUID). The same write sent again by the same caller with the same " +
    "key within 24 hours is not made again: it answers the first answer again, with the header Idempotent-Replayed: true. " +
    "The same key with another method, path or body answers 422 (code idempotency_key_reused); a malformed key answers 400 " +
    "(code invalid_idempotency_key). A key is kept only with a change that committed, so a refused call may be sent again.",
  schema: { type: "string", minLength: 1, maxLength: 255, pattern: "^[!-~]+$" },
};

/** The guard's answers of a keyed write: the key's refusal beside the body's. */
export const idempotencyAnswers: Answers = {
  422: { description: "The Idempotency-Key was already used for a different request (code idempotency_key_reused)" },
};
export type ApiOperations = Partial<Record<ApiMethod, DocumentedOperation>>;

export const ok = (description: string, schema?: z.ZodType): Answer => ({ description, schema });
/** A 200 answering a JSON array of `item`. */
export const okList = (description: string, item: z.ZodType): Answer => ({ description, schema: z.array(item) });

/** Refusals many operations share, worded once. */
export const refused = {
  badInput: { 400: { description: "Invalid input: malformed JSON, a wrong or missing field, or a malformed id" } },
  auth: { 401: { description: "Not signed in" } },
  owner: { 403: { description: "Neither the owner nor a master" } },
  staff: { 403: { description: "Neither the owner, a master nor one of the tournament's scorekeepers" } },
  master: { 403: { description: "Not a master" } },
  tournament: { 404: { description: "Tournament not found" } },
  player: { 404: { description: "Player not found" } },
  lobby: { 404: { description: "Lobby not found" } },
  conflict: (why: string) => ({ 409: { description: why } }),
} satisfies Record<string, Answers | ((why: string) => Answers)>;

/** The guards of app/lib/api.server.ts's loader and action builders (and of hand-written handlers). */
export const guards = {
  /** Anyone, nothing to parse. */
  open: { auth: "none", answers: {} },
  /** Anyone who may read the tournament (a share key's holder too: `?key=`); a malformed path id is 400. */
  openById: { auth: "none", answers: refused.badInput, query: [SHARE_KEY_QUERY] },
  /** A signed-in caller (401 otherwise). */
  signedIn: { auth: "user", answers: refused.auth },
  /** A signed-in caller; a malformed path id or body is 400. */
  signedInWithInput: { auth: "user", answers: { ...refused.badInput, ...refused.auth } },
} satisfies Record<string, Guard>;

/** The route's operation behind its guard, parsing `body` (the very schema the handler reads). */
export function guarded(operation: ApiOperation, guard: Guard, body?: z.ZodType): DocumentedOperation {
  const query = [...(operation.query ?? []), ...(guard.query ?? [])];
  return {
    ...operation,
    auth: guard.auth,
    answers: { ...guard.answers, ...operation.answers },
    ...(query.length > 0 ? { query } : {}),
    ...(body ? { body } : {}),
  };
}

/** A loader or action that carries the operations it answers, for the document. */
export type Documented<F> = F & { openapi: ApiOperations };

export function documented<F extends (...args: never[]) => unknown>(
  handler: F,
  operations: ApiOperations,
): Documented<F> {
  return Object.assign(handler, { openapi: operations });
}

function operationsOf(handler: unknown): ApiOperations {
  return typeof handler === "function" && "openapi" in handler ? (handler as Documented<unknown>).openapi : {};
}

// ---------- the route table ----------

/** The server build's route manifest, as much of it as the document reads. */
export type RouteTable = Record<
  string,
  { path?: string; parentId?: string; module: { loader?: unknown; action?: unknown } } | undefined
>;

/** A route's full path ("api/tournaments/:id"), its ancestors' paths joined. */
function fullPath(routes: RouteTable, id: string): string {
  const route = routes[id];
  if (!route) return "";
  const parent = route.parentId ? fullPath(routes, route.parentId) : "";
  return [parent, route.path ?? ""].filter(Boolean).join("/");
}

type ApiRouteOperation = { path: string; method: ApiMethod; operation: DocumentedOperation };

/** Every operation of the /api routes, in route-table order, with its path in OpenAPI form (`:id` → `{id}`). */
function apiOperations(routes: RouteTable): ApiRouteOperation[] {
  const out: ApiRouteOperation[] = [];
  const seen = new Set<unknown>();
  for (const [id, route] of Object.entries(routes)) {
    const path = fullPath(routes, id);
    if (!route || !path.startsWith("api/") || seen.has(route.module)) continue;
    // A module mounted at several paths (an alias) is documented once, at its first path.
    seen.add(route.module);
    const operations = { ...operationsOf(route.module.loader), ...operationsOf(route.module.action) };
    for (const [method, operation] of Object.entries(operations) as [ApiMethod, DocumentedOperation][]) {
      out.push({ path: "/" + path.replace(/:(\w+)\??/g, "{$1}"), method, operation });
    }
  }
  return out;
}

// ---------- the document ----------

const PARAM_DESCRIPTIONS: Record<string, (path: string) => string> = {
  id: (path) =>
    path.startsWith("/api/players/")
      ? "Player id"
      : path.startsWith("/api/lobbies/")
        ? "Lobby id"
        : path.startsWith("/api/webhooks/")
          ? "Webhook endpoint id"
          : "Tournament id",
  round: () => "Round number",
  userId: () => "The staff member's user id",
};

type JsonObject = Record<string, unknown>;

function stripMeta(schemas: Record<string, unknown>) {
  const out: Record<string, JsonObject> = {};
  for (const [name, schema] of Object.entries(schemas)) {
    const { $schema: _s, $id: _i, ...rest } = schema as JsonObject;
    out[name] = rest;
  }
  return out;
}

const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });

/** A $ref to a registered schema, or an array of one; anything else is a mistake in a route's operation. */
function schemaRef(registry: typeof answerSchemas, schema: z.ZodType, where: string): JsonObject {
  const name = registry.get(schema)?.id;
  if (name) return ref(name);
  if (schema instanceof z.ZodArray)
    return { type: "array", items: schemaRef(registry, schema.element as z.ZodType, where) };
  throw new Error(`${where}: its schema is not registered in app/lib/api-schemas.server.ts`);
}

function responsesOf(op: DocumentedOperation, where: string) {
  const responses: Record<string, unknown> = {};
  for (const [status, answer] of Object.entries(op.answers) as [string, Answer][]) {
    const { description } = answer;
    if (Number(status) >= 400) {
      responses[status] = { description, content: { "application/json": { schema: ref("Error") } } };
    } else if (answer.contentType && answer.contentType !== "application/json") {
      responses[status] = { description, content: { [answer.contentType]: { schema: { type: "string" } } } };
    } else {
      const schema = answer.schema ? schemaRef(answerSchemas, answer.schema, where) : { type: "object" };
      responses[status] = { description, content: { "application/json": { schema } } };
    }
  }
  return responses;
}

const IF_NONE_MATCH = {
  name: "If-None-Match",
  in: "header",
  required: false,
  description: "The ETag of the answer you hold: 304 Not Modified, with no body, while it is still current",
  schema: { type: "string" },
};

const CACHING_HEADERS = {
  ETag: {
    description:
      'Strong: "{tournamentId}.{version}-…" for a public tournament (the same for every caller and on every app process), ' +
      '"p-…" for a private one',
    schema: { type: "string" },
  },
  "Tournament-Version": {
    description: "The tournament's version this answer is of; the events of /api/events carry the same number",
    schema: { type: "integer" },
  },
  "Cache-Control": {
    description:
      "public, max-age=0, s-maxage=1, must-revalidate for a public tournament (a shared cache may keep it a second); " +
      "private, no-cache otherwise",
    schema: { type: "string" },
  },
};

/** What a write's answer says of the version (app/lib/events.server.ts's `publish` sets it). */
const WRITE_VERSION_HEADER = {
  "Tournament-Version": {
    description:
      "The tournament's version once the change committed (its reads and /api/events then carry this number or a later " +
      "one); absent when the change is not one of the tournament's own (webhook settings, which spectators never see), when no " +
      "tournament is left to number (a deletion) or when the answer is a replay of an Idempotency-Key",
    schema: { type: "integer" },
  },
};

/** Adds `headers` to an operation's 2xx answers. */
function withHeaders(responses: Record<string, unknown>, headers: Record<string, unknown>) {
  return Object.fromEntries(
    Object.entries(responses).map(([status, answer]) => [
      status,
      Number(status) < 300 ? { ...(answer as object), headers } : answer,
    ]),
  );
}

/** A cached read's answers: its 200 with the caching headers, and 304. */
function withCaching(responses: Record<string, unknown>) {
  const ok = responses["200"] as Record<string, unknown>;
  return {
    "200": { ...ok, headers: CACHING_HEADERS },
    "304": { description: "Not modified: the If-None-Match ETag is current", headers: CACHING_HEADERS },
    ...Object.fromEntries(Object.entries(responses).filter(([status]) => status !== "200")),
  };
}

/** The OpenAPI 3.1 document of the /api routes of a route table. */
export function buildDocument(routes: RouteTable) {
  const uri = (name: string) => `#/components/schemas/${name}`;
  // z.int() carries JavaScript's safe-integer bounds; they say nothing to a reader, so they are dropped.
  const override = ({ jsonSchema }: { jsonSchema: JsonObject }) => {
    if (jsonSchema.minimum === Number.MIN_SAFE_INTEGER) delete jsonSchema.minimum;
    if (jsonSchema.maximum === Number.MAX_SAFE_INTEGER) delete jsonSchema.maximum;
    if (jsonSchema.format === "date-time") delete jsonSchema.pattern;
  };
  const common = { uri, target: "draft-2020-12", unrepresentable: "any", override } as const;
  const answers = z.toJSONSchema(answerSchemas, { ...common, io: "output" }).schemas;
  const bodies = z.toJSONSchema(bodySchemas, { ...common, io: "input" }).schemas;

  const paths: Record<string, Record<string, unknown>> = {};
  const hooks = webhookDocs();
  const operationIds = new Set<string>();
  for (const { path, method, operation: op } of apiOperations(routes)) {
    const where = `${method.toUpperCase()} ${path} (${op.operationId})`;
    if (operationIds.has(op.operationId)) throw new Error(`${where}: operationId used twice`);
    operationIds.add(op.operationId);
    const pathParams = [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
      name: m[1],
      in: "path",
      required: true,
      description: `${PARAM_DESCRIPTIONS[m[1]]?.(path) ?? m[1]} (a positive integer; anything else answers 400)`,
      schema: { type: "integer", minimum: 1, maximum: 2147483647 },
    }));
    const queryParams = [
      ...(op.query ?? []).map((q) => ({
        name: q.name,
        in: "query",
        required: false,
        description: q.description,
        schema: q.schema,
      })),
      ...(op.cached ? [IF_NONE_MATCH] : []),
    ];
    paths[path] ??= {};
    paths[path][method] = {
      operationId: op.operationId,
      tags: [op.tag],
      summary: op.summary,
      ...(op.description ? { description: op.description } : {}),
      security: op.auth === "user" ? [{ bearerAuth: [] }, { cookieAuth: [] }] : [],
      ...(pathParams.length + queryParams.length > 0 || op.idempotent
        ? { parameters: [...pathParams, ...queryParams, ...(op.idempotent ? [IDEMPOTENCY_PARAMETER] : [])] }
        : {}),
      ...(op.body
        ? {
            requestBody: {
              required: true,
              content: { "application/json": { schema: schemaRef(bodySchemas, op.body, where) } },
            },
          }
        : {}),
      responses: op.cached
        ? withCaching(responsesOf(op, where))
        : op.versioned
          ? withHeaders(responsesOf(op, where), { "Tournament-Version": CACHING_HEADERS["Tournament-Version"] })
          : method !== "get"
            ? withHeaders(responsesOf(op, where), WRITE_VERSION_HEADER)
            : responsesOf(op, where),
    };
  }

  return {
    openapi: "3.1.0",
    info: {
      title: "Tournament Manager API",
      version: "2.0.0",
      description:
        "JSON API for bots, stream overlays and scripts. Sign in with POST /api/auth/login and send the token as " +
        "the header Authorization: Bearer <token> (the page session cookie works too). Reads of a tournament's public data need no token. " +
        "A public tournament's reads are built once per tournament version and shared: a strong ETag (If-None-Match answers 304), " +
        "Cache-Control: public, max-age=0, s-maxage=1, must-revalidate, and the header Tournament-Version; a private tournament's " +
        "reads are private, no-cache; every other answer is no-store. Cross-origin: every answer carries " +
        "Access-Control-Allow-Origin: * (no credentials); a script on another site calls with its bearer token after a preflight " +
        "(OPTIONS allows Authorization, Content-Type, If-None-Match and Idempotency-Key); the page cookie is never accepted " +
        "from another site. Every refusal answers 400, 401, 403, 404, 405, 409, 413 or 429 with " +
        'a JSON body { "message": "…" } and changes nothing. Calls without a payload take an empty body or any JSON object; ' +
        'malformed JSON is 400. Completed tournaments are read-only (409 "Tournament has been completed"). ' +
        "Signed-in writes (POST, PATCH, DELETE) accept an Idempotency-Key header, so a client that lost a reply may send " +
        "the write again without making it twice. While the database is unreachable (a restart) any call may answer 503 " +
        'with Retry-After and { "message": "Service temporarily unavailable", "code": "database_unavailable" }; nothing was changed by it.',
    },
    servers: [{ url: "/" }],
    tags: [
      { name: "Authentication" },
      { name: "Tournaments" },
      { name: "Players" },
      { name: "Rounds", description: "Lobbies, scores, cuts, rounds and standings" },
      {
        name: "Webhooks",
        description:
          "Signed event deliveries to the owner's endpoints (Standard Webhooks: webhook-id, webhook-timestamp, " +
          'webhook-signature v1 = base64 HMAC-SHA256 of "{id}.{timestamp}.{body}" keyed by the secret\'s bytes). ' +
          "Events: score.saved, round.finalized, round.advanced, players.cut, stage.changed, tournament.completed, " +
          "checkin.changed, and webhook.test. Body: { type, timestamp, data: { tournamentId, tournamentName, version, " +
          "status, currentRound, finalizedRound, round, summary, standings?, … } }. Retried with exponential backoff for " +
          "24 h, in order per endpoint; an endpoint failing for 24 h is disabled.",
      },
      { name: "Documentation" },
    ],
    paths,
    // What each webhook event POSTs to an owner's endpoint (OpenAPI 3.1): app/lib/openapi-webhooks.server.ts.
    webhooks: hooks.webhooks,
    components: {
      schemas: { ...stripMeta(answers), ...stripMeta(bodies), ...hooks.schemas },
      securitySchemes: {
        bearerAuth: { type: "http", scheme: "bearer", description: "The token from POST /api/auth/login" },
        cookieAuth: { type: "apiKey", in: "cookie", name: "tm_session", description: "The page session" },
      },
    },
  };
}

export type OpenApiDocument = ReturnType<typeof buildDocument>;

let cached: Promise<OpenApiDocument> | undefined;

/** The document of the running app's own route table (the server build's manifest), built once. */
export function openApiDocument(): Promise<OpenApiDocument> {
  cached ??= import("virtual:react-router/server-build").then(({ routes }) => buildDocument(routes));
  return cached;
}

// ---------- the docs page's view ----------

export type DocsField = { name: string; type: string; required: boolean; notes: string };
export type DocsOperation = {
  anchor: string;
  method: string;
  path: string;
  summary: string;
  description: string | null;
  auth: string;
  parameters: DocsField[];
  body: { schema: string; fields: DocsField[] } | null;
  answers: { status: string; description: string; schema: string | null }[];
};
export type DocsModel = {
  title: string;
  description: string;
  sections: { tag: string; operations: DocsOperation[] }[];
  schemas: { name: string; description: string | null; fields: DocsField[] }[];
};

/** A JSON Schema as one short phrase: "integer", "array of Lobby", "string: standard or elimination". */
export function describeType(schema: JsonObject | undefined): string {
  if (!schema) return "any";
  if (typeof schema.$ref === "string") return schema.$ref.split("/").pop()!;
  if (Array.isArray(schema.anyOf)) return (schema.anyOf as JsonObject[]).map(describeType).join(" or ");
  if (Array.isArray(schema.oneOf)) return (schema.oneOf as JsonObject[]).map(describeType).join(" or ");
  if (Array.isArray(schema.enum))
    return `one of ${(schema.enum as unknown[]).map((e) => JSON.stringify(e)).join(", ")}`;
  if (schema.type === "array") return `array of ${describeType(schema.items as JsonObject)}`;
  if (schema.type === "object" && schema.additionalProperties && typeof schema.additionalProperties === "object") {
    return `map of ${describeType(schema.additionalProperties as JsonObject)}`;
  }
  if (Array.isArray(schema.type)) return schema.type.join(" or ");
  if (typeof schema.type === "string") return schema.format ? `${schema.type} (${schema.format})` : schema.type;
  return "any";
}

function constraints(schema: JsonObject): string {
  const notes: string[] = [];
  const plain = Array.isArray(schema.anyOf)
    ? ((schema.anyOf as JsonObject[]).find((s) => s.type !== "null") ?? schema)
    : schema;
  const { minimum, maximum, minLength, maxLength, minItems } = plain as Record<string, number | undefined>;
  if (minimum !== undefined && maximum !== undefined && maximum < 2147483647) notes.push(`${minimum} to ${maximum}`);
  else if (minimum !== undefined) notes.push(`at least ${minimum}`);
  else if (maximum !== undefined) notes.push(`at most ${maximum}`);
  if (minLength !== undefined && maxLength !== undefined) notes.push(`${minLength} to ${maxLength} characters`);
  else if (maxLength !== undefined) notes.push(`up to ${maxLength} characters`);
  else if (minLength !== undefined && minLength > 0) notes.push("not empty");
  if (minItems !== undefined && minItems > 0) notes.push(`at least ${minItems} item${minItems === 1 ? "" : "s"}`);
  if (schema.default !== undefined) notes.push(`default ${JSON.stringify(schema.default)}`);
  if (typeof schema.description === "string") notes.push(schema.description);
  return notes.join("; ");
}

function fieldsOf(schema: JsonObject | undefined): DocsField[] {
  if (!schema || typeof schema.properties !== "object" || schema.properties === null) return [];
  const required = new Set((schema.required as string[] | undefined) ?? []);
  return Object.entries(schema.properties as Record<string, JsonObject>).map(([name, s]) => ({
    name,
    type: describeType(s),
    required: required.has(name),
    notes: constraints(s),
  }));
}

export function docsModel(doc: OpenApiDocument): DocsModel {
  const schemas = doc.components.schemas;
  const sections = doc.tags.map(({ name }) => ({ tag: name, operations: [] as DocsOperation[] }));
  for (const [path, methods] of Object.entries(doc.paths)) {
    for (const [method, raw] of Object.entries(methods)) {
      const op = raw as {
        operationId: string;
        tags: string[];
        summary: string;
        description?: string;
        security: unknown[];
        parameters?: { name: string; in: string; required: boolean; description: string; schema: JsonObject }[];
        requestBody?: { content: { "application/json": { schema: { $ref: string } } } };
        responses: Record<string, { description: string; content?: Record<string, { schema: JsonObject }> }>;
      };
      const bodyName = op.requestBody ? describeType(op.requestBody.content["application/json"].schema) : null;
      const entry: DocsOperation = {
        anchor: op.operationId,
        method: method.toUpperCase(),
        path,
        summary: op.summary,
        description: op.description ?? null,
        auth: op.security.length > 0 ? "Token or session required" : "No token needed",
        parameters: (op.parameters ?? []).map((p) => ({
          name: `${p.name} (${p.in})`,
          type: describeType(p.schema),
          required: p.required,
          notes: p.description,
        })),
        body: bodyName ? { schema: bodyName, fields: fieldsOf(schemas[bodyName]) } : null,
        answers: Object.entries(op.responses).map(([status, r]) => {
          const content = r.content ? Object.entries(r.content)[0] : undefined;
          const schema = content
            ? content[0] === "application/json"
              ? describeType(content[1].schema)
              : content[0]
            : null;
          return { status, description: r.description, schema };
        }),
      };
      sections.find((s) => s.tag === op.tags[0])?.operations.push(entry);
    }
  }
  return {
    title: doc.info.title,
    description: doc.info.description,
    sections: sections.filter((s) => s.operations.length > 0),
    schemas: Object.entries(schemas).map(([name, s]) => ({
      name,
      description: typeof s.description === "string" ? s.description : null,
      fields: fieldsOf(s),
    })),
  };
}
