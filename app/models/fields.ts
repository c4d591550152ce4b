// The field rules every input schema shares (docs/rules.md, "Fields and validation"): ids, one-line text, well-formed
// text, and how a number or boolean field reads a form's strings: "12" → 12, an empty string is "not given", "on" /
// "true" / "1" mean true and "off" / "false" / "0" false, while a JSON body (`parseJson`) must send real numbers and booleans.
import { z } from "zod";
import { MAX_ID as INT_MAX } from "./ids";
import { LONE_SURROGATE_MESSAGE } from "./messages";

/** A true/false field whose wrong type reads `message`. */
export const bool = (message: string) => z.boolean({ error: message });

/**
 * Unicode control characters (C0, DEL, C1): PostgreSQL refuses NUL in text, and a tab, line
 * break or escape has no place in a one-line name. Checked before trimming, so a value that
 * holds one is refused rather than quietly changed.
 */
// eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
export const NO_CONTROL_CHARACTERS = /^[^\u0000-\u001f\u007f-\u009f]*$/;

/** A one-line text field: a string without control characters (the OpenAPI document shows the pattern), trimmed. */
/**
 * Lone UTF-16 surrogates (half of a pair) are not text: PostgreSQL's jsonb (the audit trail) refuses them, UTF-8 cannot
 * carry them. In a `u` regex a pair is one code point, so only a lone half matches \p{Cs}.
 */
const LONE_SURROGATE = /\p{Cs}/u;

/** Whether a string is well-formed UTF-16: no lone surrogate. */
export function isWellFormedText(value: string): boolean {
  return !LONE_SURROGATE.test(value);
}

/**
 * Whether any string in an input (a parsed JSON body, a form's values; keys included, however deep) holds a lone
 * surrogate. The one check the API body reader and the page form reader make before any schema, so every text field
 * is refused alike (400 `invalid_text`); the schemas' `text` fields check again for input that came another way (a
 * spreadsheet import).
 */
export function hasLoneSurrogate(value: unknown, depth = 0): boolean {
  if (typeof value === "string") return !isWellFormedText(value);
  if (depth > 64 || value === null || typeof value !== "object") return false;
  if (Array.isArray(value)) return value.some((item) => hasLoneSurrogate(item, depth + 1));
  return Object.entries(value).some(([key, item]) => !isWellFormedText(key) || hasLoneSurrogate(item, depth + 1));
}

/** A one-line text field: a string without control characters or lone surrogates, trimmed; `label` names it in the messages. */
export function text(label: string, required: string) {
  return z
    .string({ error: required })
    .regex(NO_CONTROL_CHARACTERS, `${label} must not contain control characters`)
    .refine(isWellFormedText, LONE_SURROGATE_MESSAGE)
    .trim();
}

/** A positive id that fits a PostgreSQL integer (32 bits: a bigger one is a 400, never a 500), also from a form string. */
export const idField = (message: string) => numeric(z.int({ error: message }).min(1, message).max(INT_MAX, message));

/** A blank string is a field not given. */
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
