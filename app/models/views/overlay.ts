// The stream overlay's read model: its query (view, top, lobby) checked, and the little each view shows of one tournament's data.
import { DROPPED_LABEL } from "../access/policy";
import { placementText } from "../format/scoring";
import { statusLabel } from "../format/types";
import { needOf } from "./needs";
import { currentLobbies, needsHeading, stageLine, stageSummary, topStandings } from "./public";
import type { TournamentData } from "./tournament-data.server";

export const OVERLAY_TOP_DEFAULT = 8;
/** More rows than this do not fit a stream's screen in large type. */
export const OVERLAY_TOP_MAX = 32;
export const OVERLAY_VIEWS = ["standings", "lobby", "round"] as const;

export type OverlayQuery = { view: "standings"; top: number } | { view: "lobby"; lobby: string } | { view: "round" };

/** Reads `?view=standings&top=N`, `?view=lobby&lobby=Lobby 3` or `?view=round`; a bad value is a message for a 400. */
export function parseOverlayQuery(
  search: URLSearchParams,
): { ok: true; query: OverlayQuery } | { ok: false; message: string } {
  const view = search.get("view") ?? "standings";
  if (view === "standings") {
    const raw = search.get("top");
    if (raw === null || raw.trim() === "") return { ok: true, query: { view, top: OVERLAY_TOP_DEFAULT } };
    const top = /^\s*\d{1,3}\s*$/.test(raw) ? Number(raw) : NaN;
    if (!(top >= 1 && top <= OVERLAY_TOP_MAX))
      return { ok: false, message: `top must be a whole number from 1 to ${OVERLAY_TOP_MAX}` };
    return { ok: true, query: { view, top } };
  }
  if (view === "lobby") {
    const lobby = (search.get("lobby") ?? "").trim().replace(/\s+/g, " ");
    if (lobby === "") return { ok: false, message: "Name the lobby: ?view=lobby&lobby=Lobby 3" };
    if (lobby.length > 40) return { ok: false, message: "Lobby name is too long" };
    return { ok: true, query: { view, lobby } };
  }
  if (view === "round") return { ok: true, query: { view } };
  return { ok: false, message: `view must be one of ${OVERLAY_VIEWS.join(", ")}` };
}

export type OverlayRow = {
  key: number;
  rank: string;
  name: string;
  detail: string;
  muted?: boolean;
  /** "What do I need" before the last game ahead of a line: the player's sentence (docs/rules.md). */
  note?: string;
};

/** What an overlay shows: a heading, a line under it, rows, and a message when there is nothing (or no such lobby: `missing`). */
export type OverlayView = {
  heading: string;
  subheading: string;
  rows: OverlayRow[];
  message: string | null;
  missing: boolean;
};

function roundText(t: TournamentData["tournament"]) {
  if (t.status === "completed") return "Completed";
  // With stages: "Round 7 of 15 · Final · Game 2 of 5" (docs/rules.md "Stages").
  const stage = stageLine(stageSummary(t));
  return `Round ${t.currentRound} of ${t.totalRounds}${stage ? ` · ${stage}` : ""}`;
}

const points = (n: number) => `${Number.isInteger(n) ? n : n.toFixed(1)} pts`;

type StandingRow = TournamentData["standings"][number];

/** A standings row's points (those that count in the current stage) and its mark: "Dropped" or "Checkmate". */
function standingDetail(r: Pick<StandingRow, "totalPoints" | "isDropped" | "onCheckmate">) {
  if (r.isDropped) return `${points(r.totalPoints)} · ${DROPPED_LABEL}`;
  return `${points(r.totalPoints)}${r.onCheckmate ? " · Checkmate" : ""}`;
}

export function overlayView(d: TournamentData, query: OverlayQuery): OverlayView {
  const t = d.tournament;
  if (query.view === "standings") {
    const rows = topStandings(d, query.top);
    return {
      heading: query.top === 8 ? "Top 8" : `Top ${query.top}`,
      subheading: `${t.name} · ${roundText(t)}`,
      rows: rows.map((r) => ({
        key: r.id,
        rank: `#${r.rank}`,
        name: `${r.name}#${r.riotTag}`,
        detail: standingDetail(r),
        muted: r.isEliminated || r.isDropped,
        ...(r.need ? { note: r.need.text } : {}),
      })),
      message: rows.length === 0 ? "No games played yet" : needsHeading(d),
      missing: false,
    };
  }
  const lobbies = currentLobbies(d);
  if (query.view === "round") {
    const complete = lobbies.filter((l) => l.isComplete).length;
    return {
      heading: roundText(t),
      subheading: t.name,
      rows: [],
      message:
        lobbies.length === 0
          ? t.status === "completed"
            ? "Tournament completed"
            : `${statusLabel(t.status)}: lobbies not drawn yet`
          : `Lobbies complete: ${complete}/${lobbies.length}`,
      missing: false,
    };
  }
  const wanted = query.lobby.toLowerCase();
  const lobby = lobbies.find((l) => l.name.toLowerCase() === wanted);
  if (!lobby) {
    return {
      heading: query.lobby,
      subheading: `${t.name} · ${roundText(t)}`,
      rows: [],
      message: `No lobby named "${query.lobby}" in round ${t.currentRound}`,
      missing: true,
    };
  }
  const names = new Map(d.players.map((p) => [p.id, p]));
  const standing = new Map(d.standings.map((r) => [r.id, r]));
  const results = new Map(d.matches.filter((m) => m.lobbyId === lobby.id).map((m) => [m.playerId, m]));
  const rows = lobby.playerIds.map((id) => {
    const p = names.get(id);
    const match = results.get(id);
    const need = needOf(d, id);
    const row = standing.get(id);
    return {
      key: id,
      rank: match ? placementText(match.placement) : `#${row?.rank ?? "-"}`,
      name: p ? `${p.name}#${p.riotTag}` : "Unknown player",
      // Before a result, the standings' points and mark: in a stage that resets points, the stage's (not the event's).
      detail: match ? `+${points(match.points)}` : row ? standingDetail(row) : points(p?.totalPoints ?? 0),
      // Placed first, then the DNPs, then who has no result yet.
      placement: match ? (match.placement ?? 9) : 99,
      ...(need ? { note: need.text } : {}),
    };
  });
  rows.sort((a, b) => a.placement - b.placement);
  return {
    heading: lobby.name,
    subheading: `${t.name} · ${roundText(t)} · ${lobby.isComplete ? "Complete" : "Pending"}`,
    rows: rows.map(({ placement: _placement, ...row }) => row),
    message: rows.length === 0 ? "No players" : needsHeading(d),
    missing: false,
  };
}
