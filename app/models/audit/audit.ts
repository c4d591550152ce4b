// The audit trail's vocabulary, with no database: the stable action codes, their labels, and how a before → after pair reads (docs/rules.md, "Audit trail").
import { SCORING_KEYS, isScoring, placementText } from "../format/scoring";

/** The longest reason a master may give for an override (audit-input.ts checks it; the form says it). */
export const REASON_MAX = 500;

/** Every action the trail records, by a stable code (API consumers filter by it); an override by a master is prefixed "override.". */
export const AUDIT_ACTIONS = {
  "tournament.created": "Tournament created",
  "tournament.imported": "Tournament imported",
  "settings.updated": "Settings updated",
  "checkin.started": "Check-in started",
  "tournament.locked": "Tournament locked",
  "tournament.unlocked": "Tournament unlocked",
  "tournament.completed": "Tournament completed",
  "player.added": "Player added",
  "players.added": "Players added",
  "player.updated": "Player updated",
  "player.deleted": "Player deleted",
  "player.checked_in": "Player checked in",
  "player.checked_out": "Player checked out",
  "players.checked_in": "Players checked in",
  "player.substituted": "Substitution",
  "player.dropped": "Player dropped",
  "player.drop_undone": "Drop undone",
  "lobbies.generated": "Lobbies generated",
  "lobbies.swapped": "Players swapped",
  "lobby.deleted": "Lobby deleted",
  "round.undone": "Round undone",
  "scores.saved": "Scores saved",
  "round.finalized": "Round finalized",
  "round.advanced": "Round advanced",
  "integrity.repaired": "Totals repaired",
  "staff.added": "Scorekeeper added",
  "staff.removed": "Scorekeeper removed",
  "selfcheckin.opened": "Self check-in opened",
  "selfcheckin.closed": "Self check-in closed",
  "webhook.added": "Webhook added",
  "webhook.updated": "Webhook updated",
  "webhook.deleted": "Webhook deleted",
  "webhook.secret_rotated": "Webhook secret rotated",
  "webhook.disabled": "Webhook disabled after failures",
  "selfcheckin.code_rotated": "Self check-in code changed",
  "sharelink.rotated": "Share link changed",
  "signup.updated": "Sign-up updated",
  "registration.added": "Signed up",
  "registration.promoted": "Promoted from the waitlist",
  "registration.withdrawn": "Withdrew",
  "registration.approved": "Sign-up approved",
  "registration.declined": "Sign-up declined",
  "registration.removed": "Sign-up removed",
  "registration.cleared": "Waitlist cleared",
  "registration.address_removed": "Sign-ups from one address removed",
  "pass.issued": "Pass issued",
  "lobby.password_set": "Lobby password changed",
  "report.submitted": "Result reported",
  "report.agreed": "Reports agreed",
  "report.disputed": "Reports disputed",
  "reports.settled": "Reports settled",
} as const;

export type BaseAuditAction = keyof typeof AUDIT_ACTIONS;
export type AuditAction = BaseAuditAction | `override.${BaseAuditAction}`;

/** The code an action is recorded under: a master's override panel change carries the "override." prefix. */
export function auditAction(base: BaseAuditAction, override = false): AuditAction {
  return override ? `override.${base}` : base;
}

export function isAuditAction(code: string): code is AuditAction {
  const base = code.startsWith("override.") ? code.slice("override.".length) : code;
  return Object.hasOwn(AUDIT_ACTIONS, base);
}

/** The label a screen shows for a code: "Scores saved", "Override: Player updated". */
export function auditActionLabel(code: string): string {
  const override = code.startsWith("override.");
  const base = override ? code.slice("override.".length) : code;
  const label = Object.hasOwn(AUDIT_ACTIONS, base) ? AUDIT_ACTIONS[base as BaseAuditAction] : code;
  return override ? `Override: ${label}` : label;
}

/** A before/after side: flat fields whose values are shown as they are. */
export type AuditValues = Record<string, string | number | boolean | null>;

/** One line of a change: a field, what it was and what it became (null: it did not exist on that side). */
export type ChangeLine = { field: string; before: string | null; after: string | null };

/** The fields either side names, each once, in the order they first appear (before's, then after's new ones). */
export function changeLines(before: AuditValues | null, after: AuditValues | null): ChangeLine[] {
  const fields = [...new Set([...Object.keys(before ?? {}), ...Object.keys(after ?? {})])];
  const show = (side: AuditValues | null, field: string) =>
    side && Object.hasOwn(side, field) ? formatValue(side[field]) : null;
  return fields.map((field) => ({ field, before: show(before, field), after: show(after, field) }));
}

function formatValue(value: string | number | boolean | null): string {
  if (value === null) return "none";
  if (typeof value === "boolean") return value ? "yes" : "no";
  return String(value);
}

/** Only the fields that differ, each side with its own value: what a settings or player change records. */
export function changedFields(
  before: Record<string, unknown>,
  after: Record<string, unknown>,
): { before: AuditValues; after: AuditValues } {
  const b: AuditValues = {};
  const a: AuditValues = {};
  for (const field of Object.keys(after)) {
    if (after[field] === undefined) continue;
    const old = auditValue(before[field]);
    const now = auditValue(after[field]);
    if (old !== now) {
      b[field] = old;
      a[field] = now;
    }
  }
  return { before: b, after: a };
}

/**
 * A stored value as the trail keeps it: scalars as they are, a scoring table as "10, 8, 6, …", a ruleset as
 * "riot: totalPoints → riotScore → …", anything else as JSON.
 */
export function auditValue(value: unknown): string | number | boolean | null {
  if (value === null || value === undefined) return null;
  if (typeof value === "string" || typeof value === "number" || typeof value === "boolean") return value;
  if (value instanceof Date) return value.toISOString();
  if (isScoring(value)) return SCORING_KEYS.map((k) => value[k]).join(", ");
  const chain = (value as { tiebreakers?: unknown }).tiebreakers;
  if (Array.isArray(chain)) return `${(value as { preset?: unknown }).preset}: ${chain.join(" → ")}`;
  return JSON.stringify(value);
}

/** A player as the trail names them: "Name#Tag". */
export function playerLabel(p: { name: string; riotTag: string }): string {
  return `${p.name}#${p.riotTag}`;
}

/** A lobby's results as the trail shows them: "Name#Tag" → "1st (8 pts)", a no-show "DNP (0 pts)", after the placed. */
export function lobbyResults(
  results: readonly { playerId: number; placement: number | null; points: number }[],
  label: (playerId: number) => string,
): AuditValues {
  const out: AuditValues = {};
  for (const r of [...results].sort((a, b) => (a.placement ?? Infinity) - (b.placement ?? Infinity) || 0)) {
    out[label(r.playerId)] = `${placementText(r.placement)} (${r.points} pts)`;
  }
  return out;
}

/** A player's stored totals as one readable value: "24 pts, 3 games, avg 2.7". */
export function totalsText(t: { totalPoints: number; matchesPlayed: number; averagePlacement: number }): string {
  return `${t.totalPoints} pts, ${t.matchesPlayed} games, avg ${t.averagePlacement.toFixed(1)}`;
}
