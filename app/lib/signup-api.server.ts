// The sign-up API's answers (docs/decisions/029-sign-up-and-passes.md): their shapes for the OpenAPI document, and the
// pass-authenticated calls' reading of `Authorization: Pass <secret>`.
import { z } from "zod";
import type { Registration } from "#db/schema";
import type { PassView } from "~/models/roster/signup.server";
import {
  clearWaitlistSchema,
  entryDecisionSchema,
  joinSchema,
  lobbyPasswordSchema,
  passCheckinSchema,
  removeAddressSchema,
  signupSettingsSchema,
} from "~/models/roster/signup-input";
import { answerSchemas, bodySchemas } from "./api-schemas.server";

const iso = (d: Date | null) => (d ? d.toISOString() : null);

export const entryStatus = z.enum(["pending", "waitlisted", "registered", "withdrawn", "removed", "declined"]);

export const registrationAnswer = z.object({
  id: z.int(),
  tournamentId: z.int(),
  playerId: z.int().nullable().describe("The player while registered"),
  name: z.string(),
  riotTag: z.string(),
  status: entryStatus,
  via: z.enum(["direct", "promoted", "approved", "host"]),
  position: z.int().nullable().describe("The place on the waitlist (1 is next), null when not waitlisted"),
  createdAt: z.string(),
});

export function toRegistration(r: Registration, position: number | null) {
  return {
    id: r.id,
    tournamentId: r.tournamentId,
    playerId: r.playerId,
    name: r.name,
    riotTag: r.riotTag,
    status: r.status,
    via: r.via,
    position,
    createdAt: r.createdAt.toISOString(),
  };
}

export const signUpAnswer = z.object({
  registration: registrationAnswer,
  pass: z.string().describe("The player's pass (256 bits, base64url): shown once, send it as `Authorization: Pass …`"),
  passUrl: z.string().describe("The personal link that opens the player's page"),
});

export const windowAnswer = z
  .object({ opensAt: z.string(), closesAt: z.string(), state: z.enum(["before", "open", "after"]) })
  .nullable();

export const passViewAnswer = z.object({
  tournament: z.object({ id: z.int(), name: z.string(), status: z.string(), currentRound: z.int() }),
  registration: registrationAnswer.omit({ tournamentId: true, playerId: true }),
  statusLabel: z.string().describe('"Registered", "Waitlisted #3", "Checked in", "Eliminated", "Dropped", …'),
  player: z
    .object({ id: z.int(), isCheckedIn: z.boolean(), isEliminated: z.boolean(), dropped: z.boolean() })
    .nullable(),
  lobby: z
    .object({
      id: z.int(),
      name: z.string(),
      round: z.int(),
      seat: z.int(),
      players: z.array(z.object({ name: z.string(), riotTag: z.string() })),
      host: z
        .object({ name: z.string(), riotTag: z.string() })
        .nullable()
        .describe("Who makes the in-game lobby, by the owner's rule"),
      password: z.string().nullable().describe("The in-game lobby's password: only this lobby's players see it"),
    })
    .nullable(),
  startsAt: z.string().nullable(),
  timeZone: z.string(),
  checkinWindow: windowAnswer,
  canCheckIn: z.boolean(),
  checkinRefusal: z.object({ code: z.string(), message: z.string() }).nullable(),
  canWithdraw: z.boolean(),
});

export function toPassView(v: PassView) {
  return {
    tournament: {
      id: v.tournament.id,
      name: v.tournament.name,
      status: v.tournament.status,
      currentRound: v.tournament.currentRound,
    },
    registration: {
      id: v.entry.id,
      name: v.entry.name,
      riotTag: v.entry.riotTag,
      status: v.entry.status,
      via: v.entry.via,
      position: v.position,
      createdAt: v.entry.createdAt.toISOString(),
    },
    statusLabel: v.label,
    player: v.player
      ? {
          id: v.player.id,
          isCheckedIn: v.player.isCheckedIn,
          isEliminated: v.player.isEliminated,
          dropped: v.player.droppedAt !== null,
        }
      : null,
    lobby: v.lobby,
    startsAt: iso(v.settings.startsAt),
    timeZone: v.settings.timeZone,
    checkinWindow: v.window
      ? { opensAt: v.window.opensAt.toISOString(), closesAt: v.window.closesAt.toISOString(), state: v.window.state }
      : null,
    canCheckIn: v.checkin === null,
    checkinRefusal: v.checkin,
    canWithdraw: v.canWithdraw,
  };
}

export const PASS_AUTH =
  "Authenticated by the player's pass: send `Authorization: Pass <secret>` (the `pass` a sign-up answered, or the " +
  "secret of the personal link `/tournaments/{id}/pass/{secret}`). A pass acts for its own player only. A pass that " +
  "was replaced or never existed answers 401; 20 wrong passes from one address in 15 minutes answer 429 with Retry-After.";

export const registrationRowAnswer = registrationAnswer.extend({
  address: z.string().describe("The address the sign-up came from (empty when unknown)"),
  addressCount: z
    .int()
    .describe(
      "How many active sign-ups (pending, waitlisted, registered) came from that address, this one included when active; 0 when unknown",
    ),
  hasPass: z.boolean(),
});

export const addressRemovalAnswer = z.object({
  removed: z.array(registrationAnswer).describe("The sign-ups removed"),
  kept: z
    .array(registrationAnswer)
    .describe("The address's seated players kept because Round 1 is drawn: drop them one by one"),
  promoted: z.array(registrationAnswer).describe("Waitlisted sign-ups that took the seats freed"),
});

export const signupInfoAnswer = z.object({
  open: z.boolean().describe("Whether the join page takes sign-ups now"),
  requireApproval: z.boolean(),
  seatsTaken: z.int(),
  maxPlayers: z.int(),
  waitlisted: z.int(),
  waitlistCap: z.int(),
  startsAt: z.string().nullable().describe("The start, an instant (ISO 8601, UTC)"),
  timeZone: z.string().describe("The zone the tournament's pages show times in (IANA)"),
  checkinWindow: windowAnswer,
});

export const signupSettingsAnswer = z.object({
  isOpen: z.boolean(),
  requireApproval: z.boolean(),
  waitlistCap: z.int(),
  startsAt: z.string().nullable(),
  timeZone: z.string(),
  checkinOpensBefore: z.int(),
  checkinClosesBefore: z.int(),
  lobbyHostRule: z.enum(["top-seed", "bottom-seed"]),
  saveAgreedReports: z.boolean().describe("Players' agreed reports are saved as the lobby's scores at once"),
  checkinWindow: windowAnswer,
});

export const lobbyDetailAnswer = z.object({
  lobbyId: z.int(),
  name: z.string(),
  round: z.int(),
  host: z.object({ playerId: z.int(), name: z.string(), riotTag: z.string() }).nullable(),
  password: z.string().nullable(),
});

export const clearedAnswer = z.object({ cleared: z.int().describe("How many waiting sign-ups were removed") });
export const issuedPassAnswer = z.object({ playerId: z.int(), pass: z.string(), passUrl: z.string() });

/** Deciding on one sign-up: POST …/waitlist. */
export const entryDecisionBody = entryDecisionSchema.extend({
  entryId: z
    .int({ error: "entryId must be a sign-up id" })
    .min(1, "entryId must be a sign-up id")
    .max(2_147_483_647, "entryId must be a sign-up id"),
});

for (const [name, schema] of Object.entries({
  Registration: registrationAnswer,
  RegistrationRow: registrationRowAnswer,
  SignUpAnswer: signUpAnswer,
  PassView: passViewAnswer,
  SignupInfo: signupInfoAnswer,
  SignupSettings: signupSettingsAnswer,
  ClearedAnswer: clearedAnswer,
  AddressRemoval: addressRemovalAnswer,
  IssuedPass: issuedPassAnswer,
  LobbyDetail: lobbyDetailAnswer,
})) {
  if (!answerSchemas.has(schema)) answerSchemas.add(schema, { id: name });
}
for (const [name, schema] of Object.entries({
  SignUp: joinSchema,
  SignupSettingsInput: signupSettingsSchema,
  RegistrationDecision: entryDecisionBody,
  ClearWaitlist: clearWaitlistSchema,
  RemoveAddressSignups: removeAddressSchema,
  PassCheckin: passCheckinSchema,
  LobbyPassword: lobbyPasswordSchema,
})) {
  if (!bodySchemas.has(schema as z.ZodType)) bodySchemas.add(schema as z.ZodType, { id: name });
}
