// The field rules every input schema shares (docs/rules.md, "Fields and validation"): ids, one-line text, well-formed text.
import { z } from "zod";
import { MAX_ID as INT_MAX } from "./ids";
import { LONE_SURROGATE_MESSAGE } from "./messages";
import { numeric } from "~/lib/form";

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
