// Plumbing for the JSON API's resource routes: JSON answers that are never cached, body and id parsing, errors, guards, events after commit.
import type { ActionFunctionArgs, LoaderFunctionArgs, RouterContextProvider } from "react-router";
import { z } from "zod";
import type { AppDb } from "#db/client.server";
import type { ActionResult } from "~/models/action.server";
import { badRequest, isActionError, notFound, schemaRefusalCode, type RefusalCode } from "~/models/errors";
import { hasLoneSurrogate, parseJson } from "~/models/fields";
import { INVALID_UTF8_MESSAGE, LONE_SURROGATE_MESSAGE, PLAYER_NOT_FOUND, WEBHOOK_MESSAGES } from "~/models/messages";
import { playerTournamentId } from "~/models/roster/roster.server";
import type { DomainEvent } from "~/models/audit/events";
import type { PublicUser } from "~/models/access/auth.server";
import { tournamentSnapshot } from "~/models/views/snapshot.server";
import type { TournamentData } from "~/models/views/tournament-data.server";
import { privateApiAnswer, sharedApiAnswer, VERSION_HEADER } from "./api-cache.server";
import { canRead, readableVersion, type Reader } from "~/models/access/share.server";
import { webhookTournamentId } from "~/models/audit/webhooks.server";
import { readerOf } from "./share.server";
import { dbContext, userContext } from "./context";
import { isConnectionError, unavailableResponse } from "./availability.server";
import { isWellFormedBody, PAGE_BODY_LIMIT, readBodyWithin, TOO_LARGE, tooLargeResponse } from "./body.server";
import { answerVersion, publish } from "./events.server";
import { fingerprint, invalidKeyResponse, readKey, runKeyed } from "./idempotency.server";
import { documented, guarded, guards, idempotencyAnswers, type ApiOperation, type Guard } from "./openapi.server";
import { parsePositiveInt } from "./params";

const NO_STORE = { "Cache-Control": "no-store" };

/** Bodies above this many bytes are refused before parsing (the spreadsheet import passes its own, larger limit). */
export const DEFAULT_BODY_LIMIT = PAGE_BODY_LIMIT;
export const INVALID_JSON = "Invalid JSON body";
export const NOT_AN_OBJECT = "Request body must be a JSON object";
export const INVALID_TOURNAMENT_ID = "Invalid tournament ID";
export const INVALID_PLAYER_ID = "Invalid player ID";
export const INVALID_LOBBY_ID = "Invalid lobby ID";
export const INVALID_ROUND = "Invalid round number";
export const INVALID_USER_ID = "Invalid user ID";
export const INVALID_WEBHOOK_ID = "Invalid webhook ID";
/** An address whose percent-encoding does not decode (`/api/tournaments/%zz`), answered by the HTTP server. */
export const MALFORMED_URL = "Malformed URL: invalid percent-encoding";
/** A Host header (or a trusted proxy's X-Forwarded-Host) that makes no address: `Host: a b`, `Host: x:99999`. */
export const INVALID_HOST = "Invalid Host header";
/** A method no route of ours answers (PROPFIND, TRACE, …); a route's own 405 names the methods it takes. */
export const METHOD_NOT_ALLOWED = "Method not allowed";

/**
 * A JSON answer with its length: the server's compression leaves answers shorter than its threshold as they are
 * (server/app.ts), which it can only tell when the length is known before the body.
 */
export function jsonResponse(body: unknown, init: { status?: number; headers?: HeadersInit } = {}) {
  const text = JSON.stringify(body);
  const headers = new Headers(init.headers);
  headers.set("Content-Type", "application/json");
  headers.set("Content-Length", String(Buffer.byteLength(text)));
  return new Response(text, { status: init.status ?? 200, headers });
}

export function json(body: unknown, status = 200, headers: HeadersInit = {}) {
  const all = new Headers(headers);
  all.set("Cache-Control", "no-store");
  return jsonResponse(body, { status, headers: all });
}

/** An API refusal: `{message}`, with the refusal's code (docs/rules.md "Error codes") when it has one. */
export function jsonError(status: number, message: string, code?: RefusalCode) {
  return jsonResponse(code ? { message, code } : { message }, { status, headers: NO_STORE });
}

/** The signed-in user of an API call (bearer token or page cookie), or a 401. */
export function requireApiUser(context: Readonly<RouterContextProvider>): PublicUser {
  const user = context.get(userContext);
  if (!user) throw jsonError(401, "Authentication required", "auth_required");
  return user;
}

export function apiUser(context: Readonly<RouterContextProvider>): PublicUser | null {
  return context.get(userContext);
}

/** A path id: a positive integer that fits the database's integer, else 400 with the given message. */
export function requireId(raw: string | undefined, message = "Invalid ID") {
  const id = parsePositiveInt(raw);
  if (id === null) throw jsonError(400, message, "invalid_input");
  return id;
}

/**
 * An optional positive-integer query parameter (`?round=2`): undefined when absent; 400 with `message` when malformed,
 * empty (`?round=`), padded (`?round=%201`) or given twice (`?round=1&round=2`: which one was meant?).
 */
export function optionalQueryId(request: Request, name: string, message: string): number | undefined {
  const values = new URL(request.url).searchParams.getAll(name);
  if (values.length === 0) return undefined;
  if (values.length > 1) throw jsonError(400, message, "invalid_input");
  return requireId(values[0], message);
}

/** Calls without a payload still refuse a malformed body, so a broken client never mutates by accident. */
export const emptyBodySchema = z.object({});

/**
 * Reads a JSON body (an empty body is `{}`), then validates it with the schema; 400 with the
 * schema's first message otherwise. Malformed JSON and non-object bodies are 400 too, and a body
 * above `limit` bytes is 413, by its declared length or while it is read, without being parsed.
 */
export async function readJson<S extends z.ZodType>(
  request: Request,
  schema: S,
  limit = DEFAULT_BODY_LIMIT,
): Promise<z.infer<S>> {
  const bytes = await readBodyWithin(request, limit);
  if (bytes === TOO_LARGE) throw tooLargeResponse(limit);
  if (!isWellFormedBody(bytes, "application/json")) throw badRequest("invalid_text", INVALID_UTF8_MESSAGE);
  const text = new TextDecoder().decode(bytes);
  let body: unknown = {};
  if (text.trim() !== "") {
    try {
      body = JSON.parse(text);
    } catch {
      throw jsonError(400, INVALID_JSON, "invalid_input");
    }
  }
  if (body === null || typeof body !== "object" || Array.isArray(body)) {
    throw jsonError(400, NOT_AN_OBJECT, "invalid_input");
  }
  if (hasLoneSurrogate(body)) throw badRequest("invalid_text", LONE_SURROGATE_MESSAGE);
  const result = parseJson(schema, body);
  if (!result.success) {
    const message = result.error.issues[0]?.message ?? "Invalid input";
    throw jsonError(400, message, schemaRefusalCode(message));
  }
  return result.data;
}

/** Runs an API handler: domain refusals become their 4xx, thrown Responses pass through, anything else is a logged 500. */
export async function handleApi(run: () => Promise<Response>): Promise<Response> {
  try {
    return await run();
  } catch (error) {
    if (error instanceof Response) return error;
    if (isActionError(error)) {
      // The refusal's code beside its message, as the pages carry it (docs/rules.md "Error codes").
      const answer = jsonError(error.status, error.message, error.code);
      if (error.retryAfter !== undefined) answer.headers.set("Retry-After", String(error.retryAfter));
      return answer;
    }
    // The database went away mid-call (a restart): 503 with Retry-After, never a 500.
    if (isConnectionError(error)) return unavailableResponse(new URL("http://local/api/"));
    console.error("API error", error);
    return jsonError(500, "Internal server error");
  }
}

export function methodNotAllowed(allowed: string[]) {
  return Response.json(
    { message: `Method not allowed. Use ${allowed.join(", ")}.`, code: "method_not_allowed" },
    { status: 405, headers: { ...NO_STORE, Allow: allowed.join(", ") } },
  );
}

/** Publishes a committed action's events, then answers. */
export async function afterCommit(events: DomainEvent[]) {
  await publish(events);
}

/**
 * Awaits one model action, publishes its events once it has committed, and gives its result; its answer says the
 * version the change committed as (from its events, or the action's own `version` when it publishes none).
 */
export async function committed<T>(action: Promise<ActionResult<T>>): Promise<T> {
  const { result, events, version } = await action;
  await afterCommit(events);
  if (version !== undefined) answerVersion(version);
  return result;
}

/** A route export that only answers 405: `export const loader = allowOnly("POST")` for a route without GET. */
export function allowOnly(...allowed: string[]) {
  return async () => methodNotAllowed(allowed);
}

type MutationMethod = "POST" | "PATCH" | "DELETE";
type Params = ActionFunctionArgs["params"];

/** One mutating call of an action: its body schema, the model action it runs, and how its result is answered. */
export type Mutation<K, S extends z.ZodType, T> = {
  /** The body's schema; left out, the call takes no payload but still refuses a malformed body. */
  body?: S;
  /** The body limit in bytes (default DEFAULT_BODY_LIMIT). */
  limit?: number;
  /** The model action, given the path's ids, the database, the caller and the parsed body. */
  run: (call: K & { db: AppDb; user: PublicUser; body: z.infer<S> }) => Promise<ActionResult<T>>;
  /** Shapes the committed result into the JSON answer (default: the result itself). */
  answer?: (result: T) => unknown;
  /** The call in the OpenAPI document; its guard's refusals (400, 401) and the body are added from here. */
  openapi: ApiOperation;
};

type Empty = typeof emptyBodySchema;

/**
 * Builds the `action` builder of a family of paths: `key` reads their path ids (400 when malformed).
 * An action answers 405 to an unlisted method (Allow: `alsoAllow`, then the listed methods), then
 * parses the ids, requires a signed-in caller, reads the body, runs the model action, publishes
 * its events once committed and answers its result as JSON. It carries each method's operation for the document.
 */
function actionFor<K extends object>(key: (params: Params) => K) {
  return function action<
    SP extends z.ZodType = Empty,
    TP = unknown,
    SU extends z.ZodType = Empty,
    TU = unknown,
    SD extends z.ZodType = Empty,
    TD = unknown,
  >(
    mutations: { POST?: Mutation<K, SP, TP>; PATCH?: Mutation<K, SU, TU>; DELETE?: Mutation<K, SD, TD> },
    options: { alsoAllow?: string[] } = {},
  ) {
    const allowed = [...(options.alsoAllow ?? []), ...Object.keys(mutations)];
    const byMethod = mutations as Partial<Record<MutationMethod, Mutation<K, z.ZodType, unknown>>>;
    const operations = Object.fromEntries(
      Object.entries(byMethod).map(([method, m]) => [
        method.toLowerCase(),
        {
          ...guarded(
            { ...m.openapi, answers: { ...idempotencyAnswers, ...m.openapi.answers } },
            guards.signedInWithInput,
            m.body,
          ),
          idempotent: true,
        },
      ]),
    );
    const handler = async ({ request, params, context }: ActionFunctionArgs): Promise<Response> =>
      handleApi(async () => {
        const method = request.method as MutationMethod;
        const mutation = Object.hasOwn(byMethod, method) ? byMethod[method] : undefined;
        if (!mutation) return methodNotAllowed(allowed);
        const ids = key(params);
        const user = requireApiUser(context);
        const idempotencyKey = readKey(request);
        if (idempotencyKey === undefined) return invalidKeyResponse();
        // The body as sent, for the key's fingerprint (read after readJson has enforced the size limit).
        const sent = idempotencyKey === null ? null : request.clone();
        const body = await readJson(request, mutation.body ?? emptyBodySchema, mutation.limit);
        const db = context.get(dbContext);
        const shape = (result: unknown) => (mutation.answer ? mutation.answer(result) : result);
        if (idempotencyKey === null || sent === null) {
          return json(shape(await committed(mutation.run({ ...ids, db, user, body }))));
        }
        const call = {
          userId: user.id,
          key: idempotencyKey,
          fingerprint: fingerprint(method, request.url, await sent.text()),
        };
        return runKeyed(db, call, shape, (keyedDb) => committed(mutation.run({ ...ids, db: keyedDb, user, body })));
      });
    return documented(handler, operations);
  };
}

/**
 * Builds the `loader` builder of a family of paths: `key` reads what the read needs from the call
 * (path ids, the caller), refusing as `guard` documents; the loader answers the read's result as
 * JSON and carries its GET operation for the document. `tournamentOf` names the tournament a read is
 * about (null: nothing to name, e.g. an unknown webhook endpoint, which its read refuses): to whoever
 * may not read it, the read answers `hidden` (404 "Tournament not found" unless told), as for a missing
 * one, before its own checks, so an owner-only read's 403 goes only to those who may read the tournament;
 * its answer says the tournament's version (Tournament-Version), read with that check before the answer
 * is, so the answer is at least as new as the version it says; a refusal says none.
 */
function loaderFor<K extends object>(
  key: (args: LoaderFunctionArgs) => K,
  guard: Guard,
  tournamentOf?: (ids: K, db: AppDb) => number | null | Promise<number | null>,
  hidden: () => Error = () => notFound(),
) {
  return function loader(
    read: (
      call: K & {
        db: AppDb;
        request: Request;
        context: Readonly<RouterContextProvider>;
        reader: (tournamentId: number) => Reader;
      },
    ) => Promise<unknown>,
    openapi: ApiOperation,
  ) {
    const handler = async (args: LoaderFunctionArgs): Promise<Response> =>
      handleApi(async () => {
        const ids = key(args);
        const db = args.context.get(dbContext);
        const reader = (tournamentId: number) => readerOf(args.request, args.context.get(userContext), tournamentId);
        // A tournament that is not public answers its readers only; to anyone else it does not exist.
        const about = tournamentOf ? await tournamentOf(ids, db) : null;
        const version = about === null ? null : await readableVersion(db, reader(about), about);
        if (about !== null && version === null) throw hidden();
        const answer = await read({ ...ids, db, request: args.request, context: args.context, reader });
        // A read may answer with its own headers (the tournament's version); anything else is its JSON body.
        const response = answer instanceof Response ? answer : json(answer);
        if (version !== null && response.ok && !response.headers.has(VERSION_HEADER))
          response.headers.set(VERSION_HEADER, String(version));
        return response;
      });
    return documented(handler, { get: guarded(tournamentOf ? { versioned: true, ...openapi } : openapi, guard) });
  };
}

/** A tournament read's ids and parsed query: what its answer depends on besides the data. */
type ReadKey = { id: number } & Record<string, number | undefined>;

/**
 * Builds the `loader` builder of a tournament's reads: `key` reads the path ids and the query (400
 * when malformed). The answer is `read(data, key)`, computed once per version from the tournament's
 * snapshot: a public tournament's is shared by every caller with an ETag and shared-cache headers (the
 * caller does not change it); any other tournament's goes to its readers only, answered private
 * (app/lib/api-cache.server.ts, docs/decisions/022).
 */
function sharedReadFor<K extends ReadKey>(key: (args: LoaderFunctionArgs) => K) {
  return function loader(read: (data: TournamentData, key: K) => unknown, openapi: ApiOperation) {
    const handler = async (args: LoaderFunctionArgs): Promise<Response> =>
      handleApi(async () => {
        const ids = key(args);
        const variant = `${new URL(args.request.url).pathname}|${JSON.stringify(ids)}`;
        return snapshotAnswer(args, ids.id, variant, (data) => read(data, ids));
      });
    return documented(handler, { get: guarded({ cached: true, ...openapi }, guards.openById) });
  };
}

/**
 * A read answered from the tournament's snapshot: shared per version when the tournament is public, else for its
 * readers only (owner, staff, masters, a share key's holder) and private; to anyone else `hidden` (404 "Tournament
 * not found" unless told), checked against the snapshot's row, which the public answer trusts as well.
 */
async function snapshotAnswer(
  args: LoaderFunctionArgs,
  tournamentId: number,
  variant: string,
  build: (data: TournamentData) => unknown,
  hidden: () => Error = () => notFound(),
): Promise<Response> {
  const db = args.context.get(dbContext);
  const snapshot = await tournamentSnapshot(db, tournamentId);
  if (snapshot?.data.tournament.isPublic)
    return sharedApiAnswer(args.request, snapshot, variant, () => build(snapshot.data));
  if (!snapshot) throw hidden();
  const reader = readerOf(args.request, args.context.get(userContext), tournamentId);
  if (!(await canRead(db, reader, snapshot.data.tournament))) throw hidden();
  return privateApiAnswer(args.request, snapshot, variant, () => build(snapshot.data));
}

/**
 * Builds the `loader` of /api/players/{id}: the player's tournament is looked up by the id, then the answer comes
 * from that tournament's snapshot as its other reads' do (shared per version when public, with its ETag and 304).
 * A player missing from it, or of a tournament the caller may not read, is 404 "Player not found".
 */
export function playerRead(read: (player: TournamentData["players"][number]) => unknown, openapi: ApiOperation) {
  const handler = async (args: LoaderFunctionArgs): Promise<Response> =>
    handleApi(async () => {
      const id = requireId(args.params.id, INVALID_PLAYER_ID);
      const missing = () => notFound("player_not_found", PLAYER_NOT_FOUND);
      const tournamentId = await playerTournamentId(args.context.get(dbContext), id);
      if (tournamentId === null) throw missing();
      return snapshotAnswer(
        args,
        tournamentId,
        `player|${id}`,
        (data) => {
          const player = data.players.find((p) => p.id === id);
          if (!player) throw missing();
          return read(player);
        },
        missing,
      );
    });
  return documented(handler, { get: guarded({ cached: true, ...openapi }, guards.openById) });
}

const tournamentId = (params: Params) => ({ id: requireId(params.id, INVALID_TOURNAMENT_ID) });
const tournamentRound = (params: Params) => ({
  id: requireId(params.id, INVALID_TOURNAMENT_ID),
  round: requireId(params.round, INVALID_ROUND),
});

/** Actions on /api/tournaments (no path id). */
export const userAction = actionFor(() => ({}));
/** Actions on /api/tournaments/{id}/…: `id` is the tournament's. */
export const tournamentAction = actionFor(tournamentId);
/** Actions on /api/tournaments/{id}/lobbies/round/{round}: `id` and `round`. */
export const roundAction = actionFor(tournamentRound);
/** Actions on /api/tournaments/{id}/staff/{userId}: `id` and the staff member's `userId`. */
export const staffMemberAction = actionFor((params) => ({
  ...tournamentId(params),
  userId: requireId(params.userId, INVALID_USER_ID),
}));
/** Actions on /api/players/{id}/…: `id` is the player's. */
export const playerAction = actionFor((params) => ({ id: requireId(params.id, INVALID_PLAYER_ID) }));
/** Actions on /api/lobbies/{id}/…: `id` is the lobby's. */
export const lobbyAction = actionFor((params) => ({ id: requireId(params.id, INVALID_LOBBY_ID) }));

/** Reads anyone may make. */
export const publicLoader = loaderFor(() => ({}), guards.open);
/** Reads of the signed-in caller (401 otherwise): `user`. */
export const userLoader = loaderFor(({ context }) => ({ user: requireApiUser(context) }), guards.signedIn);
/** Reads of /api/tournaments/{id}/… for whoever may read the tournament (404 otherwise): `id`. */
export const tournamentLoader = loaderFor(
  ({ params }) => tournamentId(params),
  guards.openById,
  (ids) => ids.id,
);
/**
 * Reads of /api/tournaments/{id}/… for the signed-in caller (401 otherwise) who may read the tournament (404
 * otherwise; the read decides the rest, e.g. 403 for an owner-only read): `id` and `user`.
 */
export const tournamentUserLoader = loaderFor(
  ({ params, context }) => ({ ...tournamentId(params), user: requireApiUser(context) }),
  guards.signedInWithInput,
  (ids) => ids.id,
);
/** Reads of /api/tournaments/{id}/lobbies/round/{round} for the tournament's readers: `id` and `round`. */
export const roundLoader = loaderFor(
  ({ params }) => tournamentRound(params),
  guards.openById,
  (ids) => ids.id,
);
/** Reads of /api/tournaments/{id}/…, shared per version when the tournament is public: `id`. */
export const tournamentRead = sharedReadFor(({ params }) => tournamentId(params));
/** The same with an optional `?round=n` (undefined when absent; 400 when malformed): `id` and `round`. */
export const tournamentRoundQueryRead = sharedReadFor(({ params, request }) => ({
  ...tournamentId(params),
  round: optionalQueryId(request, "round", INVALID_ROUND),
}));
/** The leaderboard's: `?round=n` or `?stage=n` (a stage's number, 1 for the first), undefined when absent. */
export const tournamentStandingsQueryRead = sharedReadFor(({ params, request }) => ({
  ...tournamentId(params),
  round: optionalQueryId(request, "round", INVALID_ROUND),
  stage: optionalQueryId(request, "stage", "Invalid stage number"),
}));
/** The same for /api/tournaments/{id}/lobbies/round/{round}: `id` and `round`. */
export const roundRead = sharedReadFor(({ params }) => tournamentRound(params));

/** Reads of /api/lobbies/{id}/… for the signed-in caller (401 otherwise): `id` and `user`. */
export const lobbyUserLoader = loaderFor(
  ({ params, context }) => ({ id: requireId(params.id, INVALID_LOBBY_ID), user: requireApiUser(context) }),
  guards.signedInWithInput,
);

/** Actions on /api/webhooks/{id}/…: `id` is the webhook endpoint's. */
export const webhookAction = actionFor((params) => ({ id: requireId(params.id, INVALID_WEBHOOK_ID) }));
/**
 * Reads of /api/webhooks/{id}/… for the signed-in caller (401 otherwise): `id` and `user`. The answer says the
 * endpoint's tournament's version; to whoever may not read that tournament the endpoint does not exist (404).
 */
export const webhookUserLoader = loaderFor(
  ({ params, context }) => ({ id: requireId(params.id, INVALID_WEBHOOK_ID), user: requireApiUser(context) }),
  guards.signedInWithInput,
  (ids, db) => webhookTournamentId(db, ids.id),
  () => notFound("webhook_not_found", WEBHOOK_MESSAGES.notFound),
);
