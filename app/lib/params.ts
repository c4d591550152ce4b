// Route parameter parsing shared by pages and API (app/models/ids.ts): docs/rules.md's page messages for a missing or malformed id.
import { parseIdParam, parsePositiveInt } from "~/models/ids";

export { MAX_ID, parsePositiveInt } from "~/models/ids";

export type IdResult = { ok: true; id: number } | { ok: false; message: string };

/** docs/rules.md's page messages: "No tournament ID provided" / "Invalid tournament ID". */
export function parseTournamentParam(raw: string | undefined): IdResult {
  const parsed = parseIdParam(raw, "tournament");
  return parsed.ok ? parsed : { ok: false, message: parsed.error };
}

/** Player pages add "Missing required parameters" and "Invalid player ID". */
export function parsePlayerParams(
  tournamentRaw: string | undefined,
  playerRaw: string | undefined,
): { ok: true; tournamentId: number; playerId: number } | { ok: false; message: string } {
  if (!tournamentRaw || !playerRaw) return { ok: false, message: "Missing required parameters" };
  const tournament = parseTournamentParam(tournamentRaw);
  if (!tournament.ok) return tournament;
  const playerId = parsePositiveInt(playerRaw);
  if (playerId === null) return { ok: false, message: "Invalid player ID" };
  return { ok: true, tournamentId: tournament.id, playerId };
}
