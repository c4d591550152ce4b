// Webhooks with no database (docs/rules.md, "Webhooks"): the event names, what an audited action sends, the endpoint rules, the retry schedule and the Discord message.
import { WEBHOOK_MESSAGES } from "../messages";

/** The events an owner may choose, by a stable name (the payload's `type`), with the label the settings page shows. */
export const WEBHOOK_EVENTS = {
  "score.saved": "Score saved",
  "round.finalized": "Round finalized",
  "round.advanced": "Round advanced",
  "players.cut": "Players cut",
  // An advance from a stage's last game into the next stage (app/models/rounds/advance.server.ts).
  "stage.changed": "Stage changed",
  "tournament.completed": "Tournament completed",
  "checkin.changed": "Check-in changed",
} as const;

export type WebhookEvent = keyof typeof WEBHOOK_EVENTS;
export const WEBHOOK_EVENT_NAMES = Object.keys(WEBHOOK_EVENTS) as WebhookEvent[];
/** The event "Send test event" sends to one endpoint, whatever it subscribed to. */
export const TEST_EVENT = "webhook.test";
export type OutboxEventType = WebhookEvent | typeof TEST_EVENT;

export function isWebhookEvent(name: string): name is WebhookEvent {
  return Object.hasOwn(WEBHOOK_EVENTS, name);
}

export const WEBHOOK_KINDS = {
  standard: "Standard Webhooks (signed JSON)",
  discord: "Discord",
} as const;
export type WebhookKind = keyof typeof WEBHOOK_KINDS;

export const MAX_ENDPOINTS = 10;
export const URL_MAX = 2000;
/** How many standings rows an event carries (and a Discord message shows). */
export const STANDINGS_TOP = 8;

// ---------- what an audited action sends ----------

/** What the audit trail knows of an action, as far as webhooks care. */
export type AuditedAction = {
  action: string;
  /** The tournament's finalized round before and after the action. */
  finalizedBefore: number;
  finalizedAfter: number;
  /** Players the action cut (advance). */
  cut: number;
  /** The advance moved into the next stage. */
  stageChanged?: boolean;
};

/**
 * The webhook events one audited action causes, in the order a receiver should see them: an advance that
 * finalizes its round first says so, then names the cut, then the new round (or the completion).
 */
export function eventsOfAction(a: AuditedAction): WebhookEvent[] {
  const base = a.action.startsWith("override.") ? a.action.slice("override.".length) : a.action;
  const finalized = a.finalizedAfter > a.finalizedBefore;
  switch (base) {
    case "scores.saved":
      return ["score.saved"];
    case "round.finalized":
      return ["round.finalized"];
    case "round.advanced":
    case "tournament.completed": {
      const out: WebhookEvent[] = [];
      if (finalized) out.push("round.finalized");
      if (a.cut > 0) out.push("players.cut");
      if (a.stageChanged) out.push("stage.changed");
      out.push(base === "round.advanced" ? "round.advanced" : "tournament.completed");
      return out;
    }
    case "player.checked_in":
    case "player.checked_out":
    case "players.checked_in":
      return ["checkin.changed"];
    default:
      return [];
  }
}

/**
 * Which of an action's events an endpoint receives: those it chose. A Discord channel gets one standings
 * post per moment: at completion the final standings, not also the round's.
 */
export function eventsFor(
  endpoint: { kind: WebhookKind; events: readonly string[] },
  events: readonly OutboxEventType[],
): OutboxEventType[] {
  const chosen = events.filter((e) => e === TEST_EVENT || endpoint.events.includes(e));
  if (endpoint.kind === "discord" && chosen.includes("tournament.completed"))
    return chosen.filter((e) => e !== "round.finalized");
  return chosen;
}

// ---------- endpoint input ----------

export type EndpointInput = { url: string; kind: string; events: readonly string[] };

/** A refusal of endpoint input: its code and message (the model throws it as a 400). */
export type EndpointRefusal = {
  code: "invalid_webhook_url" | "private_webhook_address" | "unknown_webhook_event" | "invalid_input";
  field: "url" | "events" | "kind";
  message: string;
};

/** What the address guard says of a literal IP (app/models/audit/webhook-guard.server.ts). */
export type AddressVerdict = "public" | "private" | "forbidden";

/**
 * Checks an endpoint's URL, kind and events. `literal` classifies a host that is a literal IP address
 * (null for a name): a private one is refused unless `allowPrivate`, a forbidden one always. Names that
 * always mean this machine ("localhost") count as private.
 */
export function endpointRefusal(
  input: EndpointInput,
  options: { allowPrivate: boolean; literal: (host: string) => AddressVerdict | null },
): EndpointRefusal | null {
  const url = input.url.trim();
  if (url === "") return { code: "invalid_webhook_url", field: "url", message: WEBHOOK_MESSAGES.urlRequired };
  if (url.length > URL_MAX)
    return { code: "invalid_webhook_url", field: "url", message: WEBHOOK_MESSAGES.urlTooLong(URL_MAX) };
  const parsed = parseUrl(url);
  if (!parsed) return { code: "invalid_webhook_url", field: "url", message: WEBHOOK_MESSAGES.urlInvalid };
  const host = hostOf(parsed);
  const verdict = options.literal(host) ?? (isLocalName(host) ? "private" : "public");
  if (verdict === "forbidden")
    return { code: "private_webhook_address", field: "url", message: WEBHOOK_MESSAGES.forbiddenAddress };
  if (verdict === "private" && !options.allowPrivate)
    return { code: "private_webhook_address", field: "url", message: WEBHOOK_MESSAGES.privateAddress };
  if (!Object.hasOwn(WEBHOOK_KINDS, input.kind))
    return { code: "invalid_input", field: "kind", message: WEBHOOK_MESSAGES.unknownKind };
  if (input.events.length === 0)
    return { code: "unknown_webhook_event", field: "events", message: WEBHOOK_MESSAGES.noEvents };
  const unknown = input.events.find((e) => !isWebhookEvent(e));
  if (unknown !== undefined)
    return {
      code: "unknown_webhook_event",
      field: "events",
      message: WEBHOOK_MESSAGES.unknownEvent(unknown.slice(0, 50)),
    };
  return null;
}

/** An http(s) URL with a host, else null. */
export function parseUrl(url: string): URL | null {
  let parsed: URL;
  try {
    parsed = new URL(url);
  } catch {
    return null;
  }
  if (parsed.protocol !== "http:" && parsed.protocol !== "https:") return null;
  if (parsed.hostname === "") return null;
  return parsed;
}

/** The URL's host without IPv6 brackets. */
export function hostOf(url: URL): string {
  const host = url.hostname;
  return host.startsWith("[") && host.endsWith("]") ? host.slice(1, -1) : host;
}

function isLocalName(host: string) {
  const name = host.toLowerCase().replace(/\.$/, "");
  return name === "localhost" || name.endsWith(".localhost");
}

/** The events a form or body chose, de-duplicated, in the product's order (unknown names kept, for the refusal). */
export function chosenEvents(raw: unknown): string[] {
  const list = raw === undefined || raw === null || raw === "" ? [] : Array.isArray(raw) ? raw : [raw];
  const names = [...new Set(list.filter((v): v is string => typeof v === "string"))];
  const known = WEBHOOK_EVENT_NAMES.filter((e) => names.includes(e));
  return [...known, ...names.filter((n) => !isWebhookEvent(n))];
}

// ---------- retries ----------

export type RetrySchedule = {
  /** The first retry's delay; each further one doubles it. */
  baseMs: number;
  /** No retry waits longer. */
  maxMs: number;
  /** A delivery still failing this long after it was written is given up. */
  giveUpAfterMs: number;
  /** An endpoint failing without a success this long is disabled. */
  disableAfterMs: number;
};

/** 5 s, 10 s, 20 s, … doubling up to an hour between tries, for 24 h; then the endpoint is disabled. */
export const DEFAULT_SCHEDULE: RetrySchedule = {
  baseMs: 5_000,
  maxMs: 3_600_000,
  giveUpAfterMs: 24 * 3_600_000,
  disableAfterMs: 24 * 3_600_000,
};

/** The wait after failed attempt `attempt` (1 = the first try): exponential, capped, with ±20 % jitter (`random` in [0, 1)). */
export function retryDelay(attempt: number, schedule: RetrySchedule, random = 0.5): number {
  const exponent = Math.min(Math.max(attempt - 1, 0), 40);
  const plain = Math.min(schedule.baseMs * 2 ** exponent, schedule.maxMs);
  return Math.round(plain * (0.8 + 0.4 * random));
}

// ---------- payloads ----------

/** A player as a check-in webhook event names them. */
export function checkinEntry(p: { id: number; name: string; riotTag: string }) {
  return { playerId: p.id, name: p.name, riotTag: p.riotTag };
}

export type StandingsEntry = {
  rank: number;
  playerId: number;
  name: string;
  riotTag: string;
  totalPoints: number;
  averagePlacement: number;
  matchesPlayed: number;
  isEliminated: boolean;
};

/** The JSON body every standard endpoint receives: `type`, `timestamp` (when the change committed) and `data`. */
export type WebhookPayload = {
  type: OutboxEventType;
  timestamp: string;
  data: {
    tournamentId: number;
    tournamentName: string;
    /** The tournament's version after the change: fetch the API with it to read exactly this state. */
    version: number;
    status: string;
    currentRound: number;
    finalizedRound: number;
    /** The round the event is about. */
    round: number | null;
    summary: string;
    standings?: StandingsEntry[];
    [key: string]: unknown;
  };
};

// ---------- Discord ----------

const DISCORD_CONTENT_MAX = 2000;
const DISCORD_DESCRIPTION_MAX = 4096;
const GOLD = 0xf1c40f;
const BLUE = 0x5865f2;

/** Escapes Discord markdown so a player named "*x*" or "@everyone" reads as typed. */
export function discordEscape(text: string): string {
  return text.replace(/([\\*_~`|<[\]])/g, "\\$1").replace(/@/g, "@\u200b");
}

function clip(text: string, max: number) {
  return text.length <= max ? text : `${text.slice(0, max - 1)}…`;
}

function standingsLines(rows: readonly StandingsEntry[]) {
  const fmt = (n: number) => (Number.isInteger(n) ? String(n) : n.toFixed(1));
  return rows
    .map(
      (r) =>
        `**${r.rank}.** ${discordEscape(`${r.name}#${r.riotTag}`)}: ${fmt(r.totalPoints)} pts, avg ${r.averagePlacement.toFixed(1)}`,
    )
    .join("\n");
}

/**
 * The message a Discord endpoint posts for an event (Discord's webhook JSON): after a finalized round and
 * at completion, the top of the standings as an embed; any other event as one short line. Mentions are
 * switched off, so no name can ping a channel.
 */
export function discordMessage(payload: WebhookPayload): {
  content: string;
  embeds?: { title: string; description: string; color: number }[];
  allowed_mentions: { parse: [] };
} {
  const d = payload.data;
  const name = `**${discordEscape(d.tournamentName)}**`;
  const standings = d.standings ?? [];
  const withStandings = (content: string, title: string, color: number) => ({
    content: clip(content, DISCORD_CONTENT_MAX),
    ...(standings.length > 0
      ? { embeds: [{ title, description: clip(standingsLines(standings), DISCORD_DESCRIPTION_MAX), color }] }
      : {}),
    allowed_mentions: { parse: [] as [] },
  });
  if (payload.type === "round.finalized")
    return withStandings(`${name}: Round ${d.round} finalized`, `Standings after Round ${d.round}`, BLUE);
  if (payload.type === "tournament.completed") return withStandings(`🏆 ${name} is complete`, "Final standings", GOLD);
  const line =
    payload.type === TEST_EVENT
      ? `${name}: test message from Tournament Manager. This channel will receive the events you chose.`
      : `${name}: ${discordEscape(d.summary)}`;
  return { content: clip(line, DISCORD_CONTENT_MAX), allowed_mentions: { parse: [] } };
}
