// The one id parser: ids are positive integers that fit a PostgreSQL integer. Pages, forms and the API parse with it; only their answer to a bad id differs.
export const MAX_ID = 2_147_483_647;

/** A path id as written in a URL: digits only, within int4; null otherwise. */
export function parsePositiveInt(raw: string | undefined | null): number | null {
  if (raw === undefined || raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= MAX_ID ? value : null;
}

/** A form value as an id: a number, or digits with spaces around them but no leading zero; null otherwise. */
export function idParam(value: string | number | null | undefined): number | null {
  if (typeof value === "number") return Number.isInteger(value) ? parsePositiveInt(String(value)) : null;
  if (typeof value !== "string" || !/^\s*[1-9]\d*\s*$/.test(value)) return null;
  return parsePositiveInt(value.trim());
}

export type IdKind = "tournament" | "player" | "lobby";

/** docs/rules.md's page messages: "No tournament ID provided" when missing, "Invalid tournament ID" otherwise. */
export function parseIdParam(
  value: string | null | undefined,
  kind: IdKind = "tournament",
): { ok: true; id: number } | { ok: false; error: string } {
  if (value === undefined || value === null || value.trim() === "")
    return { ok: false, error: `No ${kind} ID provided` };
  const id = parsePositiveInt(value);
  return id === null ? { ok: false, error: `Invalid ${kind} ID` } : { ok: true, id };
}
