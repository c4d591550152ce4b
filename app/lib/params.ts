// Route parameter parsing shared by pages and API: ids are positive integers that fit a PostgreSQL integer.
export const MAX_ID = 2_147_483_647;

export function parsePositiveInt(raw: string | undefined | null): number | null {
  if (raw === undefined || raw === null || !/^\d{1,10}$/.test(raw)) return null;
  const value = Number(raw);
  return value >= 1 && value <= MAX_ID ? value : null;
}

export type IdResult = { ok: true; id: number } | { ok: false; message: string };

/** SPEC.md's page messages: "No tournament ID provided" / "Invalid tournament ID". */
export function parseTournamentParam(raw: string | undefined): IdResult {
  if (raw === undefined || raw === "") return { ok: false, message: "No tournament ID provided" };
  const id = parsePositiveInt(raw);
  return id === null ? { ok: false, message: "Invalid tournament ID" } : { ok: true, id };
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
