// Plumbing for screen loaders and actions: the tournament id of the URL, form parsing, refusals as 4xx with the user's input, events after commit.
import { data, type RouterContextProvider } from "react-router";
import type { Tournament } from "#db/schema";
import type { z } from "zod";
import { canRead, findReadableTournament } from "~/models/access/share.server";
import type { ActionResult } from "~/models/action.server";
import type { PublicUser } from "~/models/access/auth.server";
import {
  badRequest,
  isActionError,
  refusalTitle,
  schemaRefusalCode,
  type ActionError,
  type RefusalCode,
} from "~/models/errors";
import { fieldErrors, FormFieldError, formToObject } from "~/lib/form";
import { unknownFormField } from "./form-fields";
import { tournamentAccess } from "~/models/access/staff.server";
import { TOURNAMENT_NOT_FOUND } from "~/models/messages";
import { tournamentSnapshot } from "~/models/views/snapshot.server";
import { dbContext, formContext, userContext } from "./context";
import { publish } from "./events.server";
import { INVALID_FORM_MESSAGE } from "./security.server";
import { parseTournamentParam } from "./params";
import { redirectWithToast, type Toast } from "./toast.server";
import { pageReader } from "./share.server";

/** What a refused form action answers: its code (what the screen decides on), the message, its title, the field it belongs to, and what the user typed. */
export type FormFailure = {
  ok: false;
  intent: string | null;
  code: RefusalCode;
  error: string;
  title?: string;
  fieldErrors: Record<string, string>;
  values: Record<string, unknown>;
};

/** A posted form: its hidden `intent` and its fields. */
export type FormInput = { intent: string | null; values: Record<string, unknown> };

/** How a screen titles its refusals: its own title for that code, else docs/rules.md's title of the code (REFUSAL_TITLES), else the action's. */
export type FailureTitles = { title?: string; titles?: Partial<Record<RefusalCode, string>> };

/** The one failure answer of a form: the refusal's status, code and message, its title, and what the user typed. */
export function formFailure(
  input: FormInput,
  error: ActionError,
  options: FailureTitles & { fieldErrors?: Record<string, string> } = {},
) {
  return data<FormFailure>(
    {
      ok: false,
      intent: input.intent,
      code: error.code,
      error: error.message,
      title: options.titles?.[error.code] ?? refusalTitle(error.code, options.title),
      fieldErrors: options.fieldErrors ?? (error.field ? { [error.field]: error.message } : {}),
      values: input.values,
    },
    {
      status: error.status,
      headers: error.retryAfter !== undefined ? { "Retry-After": String(error.retryAfter) } : undefined,
    },
  );
}

export function pageUser(context: Readonly<RouterContextProvider>): PublicUser | null {
  return context.get(userContext);
}

/** The tournament id of a page's URL; docs/rules.md's messages with 400 when it is missing or malformed (the API answers its own JSON). */
export function tournamentIdOrThrow(raw: string | undefined): number {
  const parsed = parseTournamentParam(raw);
  if (!parsed.ok) throw data(parsed.message, { status: 400 });
  return parsed.id;
}

/** Who reads a page: the request (its share key) and the router context (its user). */
export type PageRequest = { context: Readonly<RouterContextProvider>; request: Request };

/**
 * The tournament a page is about, when the reader may read it (app/models/access/share.server.ts: public, or its owner,
 * staff, masters, or the holder of its share link). A missing or malformed id answers docs/rules.md's message with
 * 400, an unknown or unreadable one "Tournament not found" with 404; the route's ErrorBoundary shows them.
 */
export async function loadTournamentFromParams(page: PageRequest, raw: string | undefined) {
  const id = tournamentIdOrThrow(raw);
  try {
    return await findReadableTournament(page.context.get(dbContext), pageReader(page.context, page.request, id), id);
  } catch (error) {
    if (isActionError(error)) throw data(error.message, { status: error.status });
    throw error;
  }
}

/** Who may read a screen that is not for every reader of the tournament, and the 403 message for anyone else. */
export type ScreenGuard = { may: (user: PublicUser | null, tournament: Tournament) => boolean; message: string };

/**
 * The head of a tournament screen's loader: the tournament of the URL (400 / 404 as `loadTournamentFromParams`), the
 * signed-in user and the database; with a guard, a reader it refuses gets 403 with its message.
 */
export async function screenLoad(
  { params, context, request }: PageRequest & { params: { tournamentId?: string } },
  guard?: ScreenGuard,
) {
  const tournament = await loadTournamentFromParams({ context, request }, params.tournamentId);
  const user = pageUser(context);
  if (guard && !guard.may(user, tournament)) throw data(guard.message, { status: 403 });
  return { tournament, user, db: context.get(dbContext) };
}

/**
 * The head of a tournament screen's action: the URL's tournament id (400 when missing or malformed), the posted form
 * (its intent and values, also as the `FormInput` failures keep), the signed-in user and the database.
 */
export function screenAction({
  params,
  context,
}: {
  params: { tournamentId?: string };
  context: Readonly<RouterContextProvider>;
}) {
  const tournamentId = tournamentIdOrThrow(params.tournamentId);
  const { form, intent, values } = readForm(context);
  const input: FormInput = { intent, values };
  return { tournamentId, form, intent, values, input, user: pageUser(context), db: context.get(dbContext) };
}

/** The signed-in user's role for the tournament and its capabilities (app/models/access/policy.ts), for the screen to show only what they may use. */
export async function pageAccess(
  context: Readonly<RouterContextProvider>,
  tournament: { id: number; ownerId: number },
) {
  return tournamentAccess(context.get(dbContext), pageUser(context), tournament);
}

/**
 * The public snapshot of the tournament a spectator page is about (400 / 404 as above, 404 for a reader who may
 * not read it). Shared by every request until the tournament's next change; see app/models/views/snapshot.server.ts.
 */
export async function loadSnapshotFromParams(page: PageRequest, raw: string | undefined) {
  const id = tournamentIdOrThrow(raw);
  const db = page.context.get(dbContext);
  const snapshot = await tournamentSnapshot(db, id);
  if (!snapshot || !(await canRead(db, pageReader(page.context, page.request, id), snapshot.data.tournament)))
    throw data(TOURNAMENT_NOT_FOUND, { status: 404 });
  return snapshot;
}

/** The form a page action was posted, as the root middleware read it (within the body limit, parsed once). */
export function pageForm(context: Readonly<RouterContextProvider>): FormData {
  const form = context.get(formContext);
  if (!form) throw data({ message: INVALID_FORM_MESSAGE }, { status: 400 });
  return form;
}

/**
 * A page action's form: its hidden `intent` and its fields as one object ("scores[0].placement" and
 * "scores.0.placement" alike). A field name the helper cannot place, or one no form of ours posts (form-fields.ts),
 * answers 400 "Unknown form field: …".
 */
export function readForm(context: Readonly<RouterContextProvider>) {
  const form = pageForm(context);
  const intent = form.get("intent");
  return { form, intent: typeof intent === "string" ? intent : null, values: formValues(form) };
}

function formValues(form: FormData) {
  const unknown = unknownFormField(form.keys());
  if (unknown !== null) throw data(`Unknown form field: ${unknown}`, { status: 400 });
  try {
    return formToObject(form);
  } catch (error) {
    if (error instanceof FormFieldError) throw data(error.message, { status: 400 });
    throw error;
  }
}

/** A hidden `intent` the action does not know. */
export function unknownAction(input: FormInput) {
  return formFailure(input, badRequest("invalid_input", "Unknown action"));
}

/** A 400 answer for a schema failure (`invalid_input`, or the code its message has: schemaRefusalCode), keeping what the user typed. */
export function invalid(intent: string | null, error: z.ZodError, values: Record<string, unknown>, title?: string) {
  const message = error.issues[0]?.message ?? "Invalid input";
  const refusal = badRequest(schemaRefusalCode(message), message);
  return formFailure({ intent, values }, refusal, { title, fieldErrors: fieldErrors(error) });
}

/**
 * Runs one model action for a form: on success publishes its events and redirects with a toast
 * (post/redirect/get); a refusal answers its 4xx with the message and the typed values.
 */
export async function runFormAction<T>(
  options: FormInput & {
    /** docs/rules.md's failure title for this action, e.g. "Failed to add player", for codes without a title of their own. */
    failureTitle?: string;
    /** Titles this screen gives some codes (e.g. advancing: "Round not finalized" for a round not scored). */
    titles?: FailureTitles["titles"];
    /** What the screen does instead of answering a refusal with these codes (e.g. the tournament got completed). */
    instead?: Partial<Record<RefusalCode, (error: ActionError) => Response | Promise<Response>>>;
  },
  run: () => Promise<ActionResult<T>>,
  /** Where to go and what to say; `setCookie`, a cookie the next page reads (a webhook's new secret, shown once). */
  onSuccess: (
    result: T,
  ) =>
    | { redirectTo: string; toast: Toast; setCookie?: string }
    | Promise<{ redirectTo: string; toast: Toast; setCookie?: string }>,
) {
  let outcome: ActionResult<T>;
  try {
    outcome = await run();
  } catch (error) {
    if (!isActionError(error)) throw error;
    const instead = options.instead?.[error.code];
    if (instead) return instead(error);
    return formFailure(options, error, { title: options.failureTitle, titles: options.titles });
  }
  await publish(outcome.events);
  const { redirectTo, toast, setCookie } = await onSuccess(outcome.result);
  return redirectWithToast(
    redirectTo,
    { type: "success", ...toast },
    setCookie ? { headers: { "Set-Cookie": setCookie } } : {},
  );
}
