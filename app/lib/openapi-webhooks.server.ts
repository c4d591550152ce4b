// The OpenAPI 3.1 `webhooks` object: what each webhook event POSTs to an owner's endpoint (its JSON body and the
// Standard Webhooks signature headers), from the same names and fields the outbox writes (app/models/audit/outbox.server.ts).
import { STANDINGS_TOP, TEST_EVENT, WEBHOOK_EVENTS, type OutboxEventType } from "~/models/audit/webhooks";

type JsonSchema = Record<string, unknown>;
const ref = (name: string) => ({ $ref: `#/components/schemas/${name}` });
const int = (description: string): JsonSchema => ({ type: "integer", description });
const str = (description: string): JsonSchema => ({ type: "string", description });

const STANDINGS_ENTRY: JsonSchema = {
  type: "object",
  description: "One row of the standings as the event saw them.",
  properties: {
    rank: int("Rank, 1 first"),
    playerId: int("Player id"),
    name: str("Player name"),
    riotTag: str("Game tag"),
    totalPoints: { type: "number", description: "Total points" },
    averagePlacement: { type: "number", description: "Average placement" },
    matchesPlayed: int("Games played"),
    isEliminated: { type: "boolean", description: "Cut from the tournament" },
  },
  required: ["rank", "playerId", "name", "riotTag", "totalPoints", "averagePlacement", "matchesPlayed", "isEliminated"],
};

/** A stage as events name it: `number` counts from 1 (what `?stage=` takes, and the rows' `stage`), `index` from 0. */
const STAGE_REF: JsonSchema = {
  type: "object",
  properties: {
    number: int("The stage's number, from 1: what GET …/leaderboard?stage= takes"),
    index: int("The same stage counted from 0 (its place in the tournament's stages list)"),
    name: str("The stage's name"),
  },
  required: ["number", "index", "name"],
};

/** The fields every event's `data` carries. */
const COMMON_DATA: Record<string, JsonSchema> = {
  tournamentId: int("The tournament"),
  tournamentName: str("Its name when the change committed"),
  version: int("The tournament's version after the change: read the API with it to see exactly this state"),
  status: {
    type: "string",
    enum: ["setup", "registration", "checkin", "in_progress", "active", "completed"],
    description: "The tournament's status",
  },
  currentRound: int("The current round"),
  finalizedRound: int("The last finalized round (0 before the first)"),
  round: { type: ["integer", "null"], description: "The round the event is about" },
  summary: str('One line for people, e.g. "Lobby 3 scores saved"'),
};
const COMMON_REQUIRED = Object.keys(COMMON_DATA);

const STANDINGS: JsonSchema = {
  type: "array",
  maxItems: STANDINGS_TOP,
  description: `The top ${STANDINGS_TOP} of the standings after the change`,
  items: ref("WebhookStandingsEntry"),
};

/** Each event's own `data` fields beside the common ones. */
const EVENT_DATA: Record<OutboxEventType, { description: string; fields: Record<string, JsonSchema> }> = {
  "score.saved": {
    description: "A lobby's placements were saved or edited.",
    fields: {
      lobbyId: int("The lobby"),
      lobbyName: str('Its name, e.g. "Lobby 3"'),
      edited: { type: "boolean", description: "True when earlier results were replaced" },
      results: {
        type: "array",
        description: "The lobby's results, 1st to 8th, then the players who did not play",
        items: {
          type: "object",
          properties: {
            playerId: int("Player id"),
            player: str('"Name#Tag"'),
            placement: { type: ["integer", "null"], description: "1 to 8; null for a player who did not play" },
            dnp: { type: "boolean", description: "Did not play" },
            points: { type: "number", description: "Points earned" },
          },
          required: ["playerId", "player", "placement", "dnp", "points"],
        },
      },
    },
  },
  "round.finalized": {
    description: "A round's scores were locked.",
    fields: { standings: STANDINGS },
  },
  "round.advanced": {
    description: "The next round's lobbies were drawn.",
    fields: { standings: STANDINGS },
  },
  "players.cut": {
    description: "Players were cut when the tournament advanced.",
    fields: {
      eliminated: {
        type: "array",
        items: {
          type: "object",
          properties: { playerId: int("Player id"), player: str('"Name#Tag"') },
          required: ["playerId", "player"],
        },
      },
    },
  },
  "stage.changed": {
    description: "The tournament moved to its next stage: the stage that ended, the one that begins, and who was cut.",
    fields: {
      stage: {
        type: "object",
        properties: {
          from: STAGE_REF,
          to: STAGE_REF,
          cut: int("Players cut at the stage's end"),
        },
        required: ["from", "to", "cut"],
      },
      eliminated: {
        type: "array",
        items: {
          type: "object",
          properties: { playerId: int("Player id"), player: str('"Name#Tag"') },
          required: ["playerId", "player"],
        },
      },
    },
  },
  "tournament.completed": {
    description: "The tournament was completed: `standings` are final.",
    fields: { standings: STANDINGS },
  },
  "checkin.changed": {
    description: "Players were checked in or out.",
    fields: {
      checkedIn: { type: "boolean", description: "In (true) or out (false)" },
      players: {
        type: "array",
        items: {
          type: "object",
          properties: { playerId: int("Player id"), name: str("Player name"), riotTag: str("Game tag") },
          required: ["playerId", "name", "riotTag"],
        },
      },
    },
  },
  [TEST_EVENT]: {
    description: 'Sent by "Send test event" to one endpoint, whatever events it chose.',
    fields: { test: { type: "boolean", const: true } },
  },
};

const schemaName = (type: string) =>
  `Webhook${type
    .split(/[._]/)
    .map((w) => w[0].toUpperCase() + w.slice(1))
    .join("")}`;

const SIGNATURE_HEADERS = [
  {
    name: "webhook-id",
    in: "header",
    required: true,
    description: "The event's id (msg_…): the same for every endpoint and every retry; use it to drop duplicates",
    schema: { type: "string" },
  },
  {
    name: "webhook-timestamp",
    in: "header",
    required: true,
    description: "Seconds since 1970 when this attempt was signed; refuse one far from your clock (replays)",
    schema: { type: "string", pattern: "^[0-9]+$" },
  },
  {
    name: "webhook-signature",
    in: "header",
    required: true,
    description:
      'Standard Webhooks: "v1," and the base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}", keyed by the ' +
      "bytes of the endpoint's secret after its whsec_ prefix (base64-decoded). Compare in constant time",
    schema: { type: "string", pattern: "^v1,[A-Za-z0-9+/=]+$" },
  },
];

/** The payload schemas (for components.schemas) and the `webhooks` object of the OpenAPI document. */
export function webhookDocs(): { schemas: Record<string, JsonSchema>; webhooks: Record<string, unknown> } {
  const schemas: Record<string, JsonSchema> = { WebhookStandingsEntry: STANDINGS_ENTRY };
  const webhooks: Record<string, unknown> = {};
  const events = [...(Object.keys(WEBHOOK_EVENTS) as OutboxEventType[]), TEST_EVENT] as const;
  for (const type of events) {
    const { description, fields } = EVENT_DATA[type];
    const name = schemaName(type);
    const withStandings = "standings" in fields;
    schemas[name] = {
      type: "object",
      description: `The body of a "${type}" delivery. ${description}`,
      properties: {
        type: { type: "string", const: type },
        timestamp: { type: "string", format: "date-time", description: "When the change committed" },
        data: {
          type: "object",
          properties: { ...COMMON_DATA, ...fields },
          required: [...COMMON_REQUIRED, ...(withStandings ? ["standings"] : [])],
        },
      },
      required: ["type", "timestamp", "data"],
    };
    webhooks[type] = {
      post: {
        operationId: `webhook${name.slice("Webhook".length)}`,
        tags: ["Webhooks"],
        summary: WEBHOOK_EVENTS[type as keyof typeof WEBHOOK_EVENTS] ?? "Test event",
        description:
          `${description} POSTed to each enabled endpoint that chose "${type}" (a Standard Webhooks endpoint gets this ` +
          "JSON exactly as signed; a Discord endpoint gets a Discord message made from it instead, unsigned). Delivered at " +
          "least once, in order per endpoint, retried with exponential backoff for 24 h; 5 s timeout; redirects are not followed.",
        security: [],
        parameters: SIGNATURE_HEADERS,
        requestBody: { required: true, content: { "application/json": { schema: ref(name) } } },
        responses: {
          "2XX": { description: "Delivered: any 2xx within 5 s" },
          default: { description: "Any other answer (or none within 5 s) is a failed attempt, retried later" },
        },
      },
    };
  }
  return { schemas, webhooks };
}
