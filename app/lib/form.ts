// Form data → the plain values the input schemas take. `formToObject` nests dotted and bracket names and refuses
// names it cannot place (FormFieldError); form values are strings, so `numeric` and `booleanish` fields preprocess
// theirs: "12" → 12, an empty string is "not given", "on" / "true" / "1" mean true and "off" / "false" / "0" false.
import { z } from "zod";

export type FormLike = { forEach(cb: (value: FormDataEntryValue | string, key: string) => void): void };

/** A form field name the form helper cannot place: refused with a 400 rather than dropped. */
export class FormFieldError extends Error {
  constructor(readonly field: string) {
    super(`Unknown form field: ${field.length > 100 ? `${field.slice(0, 100)}…` : field}`);
  }
}

/**
 * FormData or URLSearchParams → a plain object the schemas take. A repeated key becomes a list
 * (checkbox groups, or a hidden "false" before a checkbox so an unchecked box still says so; the
 * boolean fields read the last value). Dotted and bracket keys nest alike: "scoring.first" and
 * "scoring[first]" → { scoring: { first } }, and a numeric segment makes a list: "scores.0.playerId",
 * "scores[0].playerId" and "scores[0][playerId]" → { scores: [{ playerId }] }; "ids[]" is "ids".
 * A name it cannot place (malformed, reaching Object.prototype, an index past 999, or one field
 * used both as a value and as a group) throws FormFieldError instead of being dropped.
 * Files are ignored: no schema here reads one.
 */
export function formToObject(form: FormLike): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  // Lists made by repeating one name (values only), as opposed to indexed lists ("scores.0.x", "ids.0").
  const repeated = new WeakSet<string[]>();
  const isValueList = (v: unknown): v is string[] => Array.isArray(v) && repeated.has(v);
  form.forEach((value, key) => {
    if (typeof value !== "string") return;
    const path = formFieldPath(key);
    if (!path) throw new FormFieldError(key);
    let node: Record<string, unknown> = root;
    for (let i = 0; i < path.length - 1; i++) {
      const segment = path[i];
      if (Array.isArray(node) !== INDEX.test(segment)) throw new FormFieldError(key);
      const existing = Object.hasOwn(node, segment) ? node[segment] : undefined;
      if (existing === undefined) node[segment] = INDEX.test(path[i + 1]) ? [] : {};
      // A plain value, or a list of them, cannot also be a group of fields.
      else if (existing === null || typeof existing !== "object" || isValueList(existing)) {
        throw new FormFieldError(key);
      }
      node = node[segment] as Record<string, unknown>;
    }
    const last = path[path.length - 1];
    if (Array.isArray(node) !== INDEX.test(last)) throw new FormFieldError(key);
    const prev = Object.hasOwn(node, last) ? node[last] : undefined;
    if (prev === undefined) node[last] = value;
    else if (typeof prev === "string") {
      const list = [prev, value];
      repeated.add(list);
      node[last] = list;
    } else if (isValueList(prev)) prev.push(value);
    else throw new FormFieldError(key);
  });
  return root;
}

const INDEX = /^\d+$/;
const UNSAFE_SEGMENTS = new Set(["__proto__", "prototype", "constructor"]);
const MAX_FORM_INDEX = 999;
/** One segment: `.name`, `[name]` or `[0]` after the first; `[]` only at the end (a list sent under one name). */
const SEGMENT = /\.([^.[\]]+)|\[([^.[\]]+)\]/y;

/** "a.b[0][c]" → ["a", "b", "0", "c"]; null when the name is malformed or unsafe. */
function formFieldPath(name: string): string[] | null {
  const key = name.endsWith("[]") ? name.slice(0, -2) : name;
  const first = /^[^.[\]]+/.exec(key);
  if (!first) return null;
  const path = [first[0]];
  SEGMENT.lastIndex = first[0].length;
  while (SEGMENT.lastIndex < key.length) {
    const match = SEGMENT.exec(key);
    if (!match) return null;
    path.push(match[1] ?? match[2]);
  }
  const unsafe = (s: string) => UNSAFE_SEGMENTS.has(s) || (INDEX.test(s) && Number(s) > MAX_FORM_INDEX);
  return path.some(unsafe) ? null : path;
}

export function blankToUndefined(value: unknown): unknown {
  return typeof value === "string" && value.trim() === "" ? undefined : value;
}

/**
 * True while a JSON body is parsed (`parseJson`): its numbers and booleans must come as JSON numbers and booleans, as the
 * OpenAPI document says; a form's strings ("16", "on") are read as numbers and booleans only from a form.
 */
let jsonTypes = false;

/** Parses a JSON body with `schema`, its number and boolean fields taking only their JSON types ("16" is refused). */
export function parseJson<S extends z.ZodType>(schema: S, body: unknown) {
  jsonTypes = true;
  try {
    return schema.safeParse(body);
  } finally {
    jsonTypes = false;
  }
}

// Only plain decimal strings become numbers; "0x10" or "1e3" stay strings and fail with the field's message.
export function toNumber(value: unknown): unknown {
  if (jsonTypes) return value;
  const v = blankToUndefined(value);
  if (typeof v === "string" && /^\s*[+-]?(\d+(\.\d*)?|\.\d+)\s*$/.test(v)) return Number(v);
  return v;
}

function toBoolean(value: unknown): unknown {
  if (jsonTypes) return value;
  const v = Array.isArray(value) ? value[value.length - 1] : value;
  if (typeof v !== "string") return v;
  const s = v.trim().toLowerCase();
  if (s === "") return undefined;
  if (s === "on" || s === "true" || s === "1") return true;
  if (s === "off" || s === "false" || s === "0") return false;
  return v;
}

/** A number field that also takes a form string; `inner` carries the checks and messages. */
export function numeric<T extends z.ZodType>(inner: T) {
  return z.preprocess(toNumber, inner);
}

/** A boolean field that also takes "on"/"true"/"1" and "off"/"false"/"0". */
export function booleanish<T extends z.ZodType>(inner: T) {
  return z.preprocess(toBoolean, inner);
}

/** One value or a list (a form sends a single checked box as a plain string), blanks dropped. */
export function toList(value: unknown): unknown {
  if (value === undefined || value === null) return value;
  const list = Array.isArray(value) ? value : [value];
  return list.filter((v) => blankToUndefined(v) !== undefined).map(toNumber);
}

/** The first message of a failed parse: what a toast or a 400 body shows. */
export function firstError(error: z.ZodError): string {
  return error.issues[0]?.message ?? "Invalid input";
}

/** The first message per top-level field, for showing errors next to form fields. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.length > 0 ? String(issue.path[0]) : "form";
    out[key] ??= issue.message;
  }
  return out;
}
