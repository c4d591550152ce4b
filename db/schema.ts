// The database schema: every entity of docs/rules.md "Fields and validation".
import { sql } from "drizzle-orm";
import type { Scoring } from "../app/models/format/scoring";
import { STANDARD_RULESET, type Ruleset } from "../app/models/format/ruleset";
import type { Stage } from "../app/models/format/stages";
import {
  boolean,
  check,
  doublePrecision,
  index,
  integer,
  jsonb,
  pgTable,
  serial,
  text,
  timestamp,
  uniqueIndex,
} from "drizzle-orm/pg-core";

export const users = pgTable(
  "users",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull().unique(),
    // scrypt hash "scrypt$N$r$p$salt$hash"; never the password itself.
    password: text("password").notNull(),
    role: text("role", { enum: ["master", "admin", "user"] })
      .notNull()
      .default("user"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  // Usernames compare case-insensitively: "Admin" cannot sit beside "admin" (docs/decisions/008-login-limits.md).
  (t) => [uniqueIndex("users_username_lower_uq").on(sql`lower(${t.username})`)],
);

// One table serves both the page cookie and the API bearer token; only a hash of the token is kept.
export const sessions = pgTable(
  "sessions",
  {
    id: serial("id").primaryKey(),
    tokenHash: text("token_hash").notNull().unique(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    expiresAt: timestamp("expires_at", { withTimezone: true }).notNull(),
  },
  (t) => [index("sessions_user_idx").on(t.userId)],
);

// API writes sent with an Idempotency-Key (docs/decisions/021-idempotency-keys.md): the key row is written in the
// same transaction as the change, so a change commits with its key or not at all; `response` is the JSON answered.
// Keys are per caller and expire after 24 hours.
export const idempotencyKeys = pgTable(
  "idempotency_keys",
  {
    id: serial("id").primaryKey(),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    key: text("key").notNull(),
    /** sha256 of the method, the path and the body: the same key with another request is refused. */
    fingerprint: text("fingerprint").notNull(),
    /** The answer's status and JSON text, written when the change commits (null only inside that transaction). */
    status: integer("status"),
    response: text("response"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("idempotency_keys_user_key_uq").on(t.userId, t.key),
    index("idempotency_keys_created_idx").on(t.createdAt),
  ],
);

// Login attempts, recorded before the password is checked and kept when it was wrong, for the limit per
// username and address (docs/decisions/008-login-limits.md); shared by every app process. `username` is lower-cased.
export const loginAttempts = pgTable(
  "login_attempts",
  {
    id: serial("id").primaryKey(),
    username: text("username").notNull(),
    address: text("address").notNull(),
    // The known device (a signed device cookie's nonce) the try came from, or null: the username's lockout counts only
    // tries from unknown devices, each known device has its own count (docs/decisions/021-check-in-and-share-links.md).
    device: text("device"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("login_attempts_username_idx").on(t.username, t.at),
    index("login_attempts_address_idx").on(t.address, t.at),
  ],
);

export const tournaments = pgTable(
  "tournaments",
  {
    id: serial("id").primaryKey(),
    name: text("name").notNull(),
    format: text("format", { enum: ["standard", "elimination"] })
      .notNull()
      .default("standard"),
    lobbyMethod: text("lobby_method", { enum: ["snake", "swiss", "round-robin"] })
      .notNull()
      .default("snake"),
    maxPlayers: integer("max_players").notNull(),
    totalRounds: integer("total_rounds").notNull(),
    currentRound: integer("current_round").notNull().default(1),
    // The highest round whose scores are locked; 0 before any round is finalized.
    finalizedRound: integer("finalized_round").notNull().default(0),
    // Bumped by every committed mutation (the row lock takes it): public read models and ETags are keyed by it.
    version: integer("version").notNull().default(1),
    status: text("status", {
      enum: ["setup", "registration", "checkin", "in_progress", "active", "completed"],
    })
      .notNull()
      .default("setup"),
    isLocked: boolean("is_locked").notNull().default(false),
    isPublic: boolean("is_public").notNull().default(false),
    scoring: jsonb("scoring").$type<Scoring>().notNull(),
    // The tiebreak chain and its preset's name (app/models/format/ruleset.ts); existing tournaments read as the standard one.
    ruleset: jsonb("ruleset").$type<Ruleset>().notNull().default(STANDARD_RULESET),
    // The ordered stages (app/models/format/stages.ts); null reads as one stage of totalRounds games (stagesOf).
    stages: jsonb("stages").$type<Stage[]>(),
    ownerId: integer("owner_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("tournaments_owner_idx").on(t.ownerId),
    check("tournaments_max_players_range", sql`${t.maxPlayers} between 4 and 256`),
    check("tournaments_total_rounds_range", sql`${t.totalRounds} between 1 and 100`),
    check("tournaments_current_round_min", sql`${t.currentRound} >= 1`),
  ],
);

// Player self check-in, one row per tournament while it is open (docs/rules.md, "Player self check-in"). A table of
// its own, not a tournament column: tournament rows are answered whole by the public API, and the code must not be.
export const selfCheckins = pgTable("self_checkins", {
  tournamentId: integer("tournament_id")
    .primaryKey()
    .references(() => tournaments.id, { onDelete: "cascade" }),
  code: text("code").notNull(),
  openedAt: timestamp("opened_at", { withTimezone: true }).notNull().defaultNow(),
});

// Every self check-in try, recorded before its code is compared (docs/decisions/021-check-in-and-share-links.md):
// wrong ones are limited per address and per player, right ones per address, and the owner reads them per address.
export const selfCheckinAttempts = pgTable(
  "self_checkin_attempts",
  {
    id: serial("id").primaryKey(),
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    address: text("address").notNull(),
    // The player the try named, once known (a wrong tag counts against that player).
    playerId: integer("player_id"),
    outcome: text("outcome", { enum: ["pending", "wrong_code", "wrong_tag", "ok"] })
      .notNull()
      .default("pending"),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("self_checkin_attempts_tournament_idx").on(t.tournamentId, t.at),
    index("self_checkin_attempts_address_idx").on(t.address, t.at),
  ],
);

// The share key of a tournament that is not public: whoever holds it reads the tournament (docs/decisions/021). A table
// of its own, as the self check-in code: tournament rows are answered whole by the API, and the key must not be.
export const shareKeys = pgTable("tournament_share_keys", {
  tournamentId: integer("tournament_id")
    .primaryKey()
    .references(() => tournaments.id, { onDelete: "cascade" }),
  key: text("key").notNull(),
  rotatedAt: timestamp("rotated_at", { withTimezone: true }).notNull().defaultNow(),
});

// Sign-up of a tournament (docs/decisions/029-sign-up-and-passes.md): whether the public join page takes registrations,
// the owner's approval, the waitlist's cap, and the schedule. A table of its own: tournament rows are answered whole.
export const signupSettings = pgTable(
  "signup_settings",
  {
    tournamentId: integer("tournament_id")
      .primaryKey()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    isOpen: boolean("is_open").notNull().default(false),
    requireApproval: boolean("require_approval").notNull().default(false),
    waitlistCap: integer("waitlist_cap").notNull().default(64),
    // The start, an instant, and the zone the tournament's pages show it in (IANA name).
    startsAt: timestamp("starts_at", { withTimezone: true }),
    timeZone: text("time_zone").notNull().default("UTC"),
    // The check-in window, in minutes before the start: it opens and closes by itself.
    checkinOpensBefore: integer("checkin_opens_before").notNull().default(60),
    checkinClosesBefore: integer("checkin_closes_before").notNull().default(10),
    // Who makes the in-game lobby: the lobby's best seed ("top-seed") or its last ("bottom-seed").
    lobbyHostRule: text("lobby_host_rule", { enum: ["top-seed", "bottom-seed"] })
      .notNull()
      .default("top-seed"),
    // Players' agreed reports are saved as the lobby's scores at once, without a staff tap (docs/decisions/036).
    saveAgreedReports: boolean("save_agreed_reports").notNull().default(false),
  },
  (t) => [
    check("signup_waitlist_cap_range", sql`${t.waitlistCap} between 0 and 1024`),
    check(
      "signup_checkin_window",
      sql`${t.checkinOpensBefore} between 1 and 1440 and ${t.checkinClosesBefore} between 0 and ${t.checkinOpensBefore} - 1`,
    ),
  ],
);

// One sign-up (or a pass the host issued for a player added by hand): its place in the queue is its id. `playerId` is
// the player row while registered (a plain column: the row goes when the player withdraws or is removed); `passHash`
// is the sha256 of the player's pass, never the pass itself (docs/decisions/029).
export const registrations = pgTable(
  "registrations",
  {
    id: serial("id").primaryKey(),
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    playerId: integer("player_id"),
    name: text("name").notNull(),
    riotTag: text("riot_tag").notNull(),
    status: text("status", { enum: ["pending", "waitlisted", "registered", "withdrawn", "removed", "declined"] })
      .notNull()
      .default("registered"),
    // How the player got their seat: "direct", "promoted" from the waitlist, "approved", or "host" (added by hand).
    via: text("via", { enum: ["direct", "promoted", "approved", "host"] })
      .notNull()
      .default("direct"),
    address: text("address").notNull().default(""),
    passHash: text("pass_hash"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("registrations_tournament_idx").on(t.tournamentId, t.status, t.id),
    uniqueIndex("registrations_pass_hash_uq").on(t.passHash),
    index("registrations_player_idx").on(t.playerId),
  ],
);

// Wrong passes, per address, for the limit on guessing them (docs/decisions/029).
export const passAttempts = pgTable(
  "pass_attempts",
  {
    id: serial("id").primaryKey(),
    address: text("address").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("pass_attempts_address_idx").on(t.address, t.at)],
);

export const players = pgTable(
  "players",
  {
    id: serial("id").primaryKey(),
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    name: text("name").notNull(),
    riotTag: text("riot_tag").notNull(),
    lp: integer("lp").notNull().default(0),
    totalPoints: doublePrecision("total_points").notNull().default(0),
    matchesPlayed: integer("matches_played").notNull().default(0),
    averagePlacement: doublePrecision("average_placement").notNull().default(0),
    isEliminated: boolean("is_eliminated").notNull().default(false),
    isCheckedIn: boolean("is_checked_in").notNull().default(false),
    seed: integer("seed"),
    // Soft removal: players left unchecked when round 1 is drawn; undoing round 1 restores them.
    removedAt: timestamp("removed_at", { withTimezone: true }),
    // A master's manual changes to the computed stats, kept so recomputation does not erase them.
    adjustPoints: doublePrecision("adjust_points").notNull().default(0),
    adjustMatches: integer("adjust_matches").notNull().default(0),
    adjustAverage: doublePrecision("adjust_average"),
    // A drop (docs/decisions/019-dnp-and-drops.md): the player left the event; out of every later draw, kept in the
    // standings below the active players. `dropLobbyMark` is the tournament's highest lobby id at the drop: a lobby
    // with a higher id is a draw made since, after which the drop can no longer be undone.
    droppedAt: timestamp("dropped_at", { withTimezone: true }),
    dropReason: text("drop_reason"),
    dropRound: integer("drop_round"),
    dropLobbyMark: integer("drop_lobby_mark"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("players_tournament_idx").on(t.tournamentId),
    check("players_lp_min", sql`${t.lp} >= 0`),
    check("players_name_length", sql`char_length(${t.name}) between 1 and 50`),
    check("players_tag_length", sql`char_length(${t.riotTag}) between 1 and 20`),
    check("players_average_range", sql`${t.averagePlacement} between 0 and 8`),
    check(
      "players_drop_fields",
      sql`(${t.droppedAt} is null and ${t.dropReason} is null and ${t.dropRound} is null and ${t.dropLobbyMark} is null) or (${t.droppedAt} is not null and char_length(${t.dropReason}) between 1 and 500 and ${t.dropRound} is not null and ${t.dropLobbyMark} is not null)`,
    ),
  ],
);

export const lobbies = pgTable(
  "lobbies",
  {
    id: serial("id").primaryKey(),
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    roundNumber: integer("round_number").notNull(),
    name: text("name").notNull(),
    playerIds: jsonb("player_ids").$type<number[]>().notNull(),
    isComplete: boolean("is_complete").notNull().default(false),
  },
  (t) => [
    index("lobbies_tournament_round_idx").on(t.tournamentId, t.roundNumber),
    uniqueIndex("lobbies_tournament_round_name_uq").on(t.tournamentId, t.roundNumber, t.name),
  ],
);

// A drawn lobby's in-game password (docs/decisions/030-lobby-details.md): shown only to that lobby's players (their pass
// page) and to staff. A table of its own: lobby rows are answered by public pages and the public API.
export const lobbyDetails = pgTable("lobby_details", {
  lobbyId: integer("lobby_id")
    .primaryKey()
    .references(() => lobbies.id, { onDelete: "cascade" }),
  password: text("password"),
  changedAt: timestamp("changed_at", { withTimezone: true }).notNull().defaultNow(),
});

// A player's report of a lobby's result from their pass (docs/decisions/036-player-reports.md): the whole lobby's
// placements ("full") or only their own ("own"). One row per lobby and reporter: a new report replaces the earlier one
// (the history keeps every report). `settledAt`: when the staff (or the owner's "save agreed reports") saved the lobby.
export const playerReports = pgTable(
  "player_reports",
  {
    id: serial("id").primaryKey(),
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    lobbyId: integer("lobby_id")
      .notNull()
      .references(() => lobbies.id, { onDelete: "cascade" }),
    roundNumber: integer("round_number").notNull(),
    reporterId: integer("reporter_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    kind: text("kind", { enum: ["full", "own"] }).notNull(),
    placements: jsonb("placements").$type<{ playerId: number; placement: number }[]>().notNull(),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    settledAt: timestamp("settled_at", { withTimezone: true }),
  },
  (t) => [
    uniqueIndex("player_reports_lobby_reporter_uq").on(t.lobbyId, t.reporterId),
    index("player_reports_tournament_round_idx").on(t.tournamentId, t.roundNumber),
  ],
);

export const matches = pgTable(
  "matches",
  {
    id: serial("id").primaryKey(),
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    lobbyId: integer("lobby_id")
      .notNull()
      .references(() => lobbies.id, { onDelete: "cascade" }),
    roundNumber: integer("round_number").notNull(),
    playerId: integer("player_id")
      .notNull()
      .references(() => players.id, { onDelete: "cascade" }),
    // Null for a DNP ("did not play", docs/decisions/019-dnp-and-drops.md): a game counted as played, no placement, 0 points.
    placement: integer("placement"),
    points: doublePrecision("points").notNull(),
    dnp: boolean("dnp").notNull().default(false),
  },
  (t) => [
    index("matches_tournament_idx").on(t.tournamentId),
    uniqueIndex("matches_lobby_player_uq").on(t.lobbyId, t.playerId),
    uniqueIndex("matches_lobby_placement_uq").on(t.lobbyId, t.placement),
    check("matches_placement_range", sql`${t.placement} between 1 and 8`),
    check(
      "matches_dnp_no_placement",
      sql`(${t.dnp} and ${t.placement} is null and ${t.points} = 0) or (not ${t.dnp} and ${t.placement} is not null)`,
    ),
  ],
);

// The accounts the owner lets help run one tournament: scorekeepers check players in and out and save
// lobby scores until the round is finalized (docs/rules.md, "Staff").
export const tournamentStaff = pgTable(
  "tournament_staff",
  {
    id: serial("id").primaryKey(),
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    userId: integer("user_id")
      .notNull()
      .references(() => users.id, { onDelete: "cascade" }),
    role: text("role", { enum: ["scorekeeper"] })
      .notNull()
      .default("scorekeeper"),
    addedAt: timestamp("added_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    uniqueIndex("tournament_staff_tournament_user_uq").on(t.tournamentId, t.userId),
    index("tournament_staff_user_idx").on(t.userId),
  ],
);

// The audit trail: one row per committed mutation by an owner, master or scorekeeper, written in the
// mutation's own transaction (docs/decisions/012-audit-trail.md). A tournament's history goes with it
// when it is deleted; the actor's username is copied so the row still reads right if the account goes.
export const auditEntries = pgTable(
  "audit_entries",
  {
    id: serial("id").primaryKey(),
    tournamentId: integer("tournament_id").references(() => tournaments.id, { onDelete: "cascade" }),
    actorId: integer("actor_id").references(() => users.id, { onDelete: "set null" }),
    actorUsername: text("actor_username").notNull(),
    // "system": the server itself, e.g. the webhook worker disabling an endpoint that kept failing.
    // "player": a player acting with their pass (sign-up, check-in, withdrawal), named by Name#Tag (docs/decisions/029).
    actorRole: text("actor_role", { enum: ["owner", "master", "scorekeeper", "system", "player"] }).notNull(),
    action: text("action").notNull(),
    summary: text("summary").notNull(),
    // The round the tournament was in when the action ran (the History page filters by it).
    roundNumber: integer("round_number"),
    before: jsonb("before").$type<Record<string, string | number | boolean | null> | null>(),
    after: jsonb("after").$type<Record<string, string | number | boolean | null> | null>(),
    reason: text("reason"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [
    index("audit_entries_tournament_created_idx").on(t.tournamentId, t.createdAt),
    index("audit_entries_actor_idx").on(t.actorId),
  ],
);

// Webhook endpoints of a tournament (docs/decisions/020-webhooks-outbox.md): where its owner wants events sent,
// signed with the endpoint's Standard Webhooks secret. Disabled by the delivery worker after 24 h of failures.
export const webhookEndpoints = pgTable(
  "webhook_endpoints",
  {
    id: serial("id").primaryKey(),
    tournamentId: integer("tournament_id")
      .notNull()
      .references(() => tournaments.id, { onDelete: "cascade" }),
    url: text("url").notNull(),
    kind: text("kind", { enum: ["standard", "discord"] })
      .notNull()
      .default("standard"),
    events: jsonb("events").$type<string[]>().notNull(),
    // "whsec_" + base64 of 32 random bytes; the owner reads it to verify signatures, so it is kept as it is.
    secret: text("secret").notNull(),
    enabled: boolean("enabled").notNull().default(true),
    disabledReason: text("disabled_reason"),
    disabledAt: timestamp("disabled_at", { withTimezone: true }),
    // Since when every attempt has failed (null after a success); 24 h of it disables the endpoint.
    failingSince: timestamp("failing_since", { withTimezone: true }),
    consecutiveFailures: integer("consecutive_failures").notNull().default(0),
    lastSuccessAt: timestamp("last_success_at", { withTimezone: true }),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index("webhook_endpoints_tournament_idx").on(t.tournamentId)],
);

// The outbox: one row per event and endpoint, inserted in the transaction of the change that causes it, sent by
// the delivery worker at least once, in id order per endpoint. `messageId` (the webhook-id header) is shared by
// the endpoints of one event and stays the same across retries.
export const webhookDeliveries = pgTable(
  "webhook_deliveries",
  {
    id: serial("id").primaryKey(),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    messageId: text("message_id").notNull(),
    event: text("event").notNull(),
    // The Standard Webhooks JSON body, exactly as signed and sent (a Discord endpoint's message is made from it).
    body: text("body").notNull(),
    status: text("status", { enum: ["pending", "delivered", "failed"] })
      .notNull()
      .default("pending"),
    attempts: integer("attempts").notNull().default(0),
    nextAttemptAt: timestamp("next_attempt_at", { withTimezone: true }).notNull().defaultNow(),
    // A worker holds a claimed row until then; a worker killed mid-delivery lets it go back to the queue.
    leaseUntil: timestamp("lease_until", { withTimezone: true }),
    lastStatus: integer("last_status"),
    lastError: text("last_error"),
    createdAt: timestamp("created_at", { withTimezone: true }).notNull().defaultNow(),
    completedAt: timestamp("completed_at", { withTimezone: true }),
  },
  (t) => [
    index("webhook_deliveries_endpoint_idx").on(t.endpointId, t.id),
    index("webhook_deliveries_pending_idx")
      .on(t.nextAttemptAt)
      .where(sql`${t.status} = 'pending'`),
  ],
);

// Every attempt to send a delivery: the owner's delivery log.
export const webhookAttempts = pgTable(
  "webhook_attempts",
  {
    id: serial("id").primaryKey(),
    deliveryId: integer("delivery_id")
      .notNull()
      .references(() => webhookDeliveries.id, { onDelete: "cascade" }),
    endpointId: integer("endpoint_id")
      .notNull()
      .references(() => webhookEndpoints.id, { onDelete: "cascade" }),
    attempt: integer("attempt").notNull(),
    at: timestamp("at", { withTimezone: true }).notNull().defaultNow(),
    ok: boolean("ok").notNull(),
    statusCode: integer("status_code"),
    latencyMs: integer("latency_ms").notNull(),
    error: text("error"),
  },
  (t) => [index("webhook_attempts_endpoint_idx").on(t.endpointId, t.id)],
);

export type User = typeof users.$inferSelect;
export type Session = typeof sessions.$inferSelect;
export type Tournament = typeof tournaments.$inferSelect;
export type Player = typeof players.$inferSelect;
export type Lobby = typeof lobbies.$inferSelect;
export type Match = typeof matches.$inferSelect;
export type SelfCheckin = typeof selfCheckins.$inferSelect;
export type SelfCheckinAttempt = typeof selfCheckinAttempts.$inferSelect;
export type TournamentStaff = typeof tournamentStaff.$inferSelect;
export type AuditEntry = typeof auditEntries.$inferSelect;
export type WebhookEndpoint = typeof webhookEndpoints.$inferSelect;
export type WebhookDelivery = typeof webhookDeliveries.$inferSelect;
export type WebhookAttempt = typeof webhookAttempts.$inferSelect;
export type SignupSettings = typeof signupSettings.$inferSelect;
export type Registration = typeof registrations.$inferSelect;
export type PlayerReportRow = typeof playerReports.$inferSelect;
