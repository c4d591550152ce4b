// Form data → the plain object the input schemas take (`formToObject` nests dotted and bracket names and refuses names it
// cannot place: FormFieldError), and a failed parse → the messages a page shows. How a field reads a form's strings
// ("12" → 12, "on" → true) is the models' rule: `numeric` and `booleanish` in app/models/fields.ts.
import type { z } from "zod";

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
