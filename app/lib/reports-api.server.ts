// The reports API's answers (docs/decisions/036-player-reports.md): their shapes for the OpenAPI document.
import { z } from "zod";
import type { ReportOutcome, LobbyReports, ReportPanel } from "~/models/rounds/reports.server";
import { reportSchema } from "~/models/rounds/reports-input";
import type { Reading } from "~/models/rounds/reports";
import { answerSchemas, bodySchemas } from "./api-schemas.server";
import { passViewAnswer } from "./signup-api.server";

const claim = z.object({ playerId: z.int(), placement: z.int() });

const readingAnswer = {
  state: z
    .enum(["none", "reported", "agreed", "disputed"])
    .describe(
      '"agreed": two full reports match, or every player gave their own placement; "disputed": reports contradict each other',
    ),
  result: z.array(claim).nullable().describe("The agreed result in seat order (null unless agreed)"),
};
/** Who reported: for staff only (a player sees how many reported, not who: docs/decisions/036). */
const reporters = z.array(z.int()).describe("The players whose reports count (each one's latest)");

const resultOf = (r: Reading) => (r.state === "agreed" ? r.result : null);

export const reportAnswer = z.object({
  lobbyId: z.int(),
  lobbyName: z.string(),
  round: z.int(),
  ...readingAnswer,
  reported: z.int().describe("How many of the lobby's players have a report that counts"),
  saved: z
    .boolean()
    .describe("The agreed result was saved as the lobby's scores (the owner's \"save agreed reports\")"),
  unchanged: z.boolean().describe("The same report as the reporter's last one: nothing changed"),
});

export function toReportAnswer(o: ReportOutcome) {
  return {
    lobbyId: o.lobby.id,
    lobbyName: o.lobby.name,
    round: o.lobby.roundNumber,
    state: o.reading.state,
    result: resultOf(o.reading),
    reported: o.reading.reporters.length,
    saved: o.saved,
    unchanged: o.unchanged,
  };
}

export const lobbyReportsAnswer = z.object({
  lobbyId: z.int(),
  lobbyName: z.string(),
  round: z.int(),
  isComplete: z.boolean().describe("Saved: a save settled its reports, so none is open"),
  ...readingAnswer,
  reporters,
  scores: z
    .array(z.object({ playerId: z.int(), placement: z.int(), dnp: z.boolean().optional() }))
    .nullable()
    .describe(
      "What confirming the agreed result saves, in seat order: the body of POST /api/lobbies/{id}/matches, a member out of play (dropped, cut) as DNP (null unless agreed)",
    ),
  versions: z
    .array(
      z.object({
        reporter: z.object({ id: z.int(), name: z.string(), riotTag: z.string() }),
        kind: z.enum(["full", "own"]),
        placements: z.array(claim),
        createdAt: z.string(),
      }),
    )
    .describe("Every counting report, side by side, oldest first"),
});

export function toLobbyReports(
  lobby: { id: number; name: string; roundNumber: number; isComplete: boolean },
  r: LobbyReports,
) {
  return {
    lobbyId: lobby.id,
    lobbyName: lobby.name,
    round: lobby.roundNumber,
    isComplete: lobby.isComplete,
    state: r.reading.state,
    reporters: r.reading.reporters,
    result: resultOf(r.reading),
    scores: r.scores,
    versions: r.versions.map((v) => ({ ...v, createdAt: v.createdAt.toISOString() })),
  };
}

/** GET /api/pass's `report`: what the pass page's report card shows, for a player seated in a drawn lobby. */
export const passReportAnswer = z.object({
  lobbyId: z.int(),
  ...readingAnswer,
  reported: z.int().describe("How many of the lobby's players have a report that counts"),
  canReport: z.boolean().describe("Whether this pass may report for the lobby now"),
  refusal: z
    .object({ code: z.string(), message: z.string() })
    .nullable()
    .describe("Why not, when canReport is false (the round finalized, the lobby saved, …)"),
  mine: z
    .object({ kind: z.enum(["full", "own"]), placements: z.array(claim), createdAt: z.string() })
    .nullable()
    .describe("The pass holder's own latest report"),
});

export function toPassReport(p: ReportPanel) {
  return {
    lobbyId: p.lobbyId,
    state: p.reading.state,
    result: resultOf(p.reading),
    reported: p.reported,
    canReport: p.refusal === null,
    refusal: p.refusal,
    mine: p.mine
      ? { kind: p.mine.kind, placements: p.mine.placements, createdAt: p.mine.createdAt.toISOString() }
      : null,
  };
}

/** GET /api/pass: the pass view with its lobby's reporting state. */
export const passPageAnswer = passViewAnswer.extend({
  report: passReportAnswer.nullable().describe("The lobby's reporting state (null without a drawn lobby)"),
});

for (const [name, schema] of Object.entries({
  ReportAnswer: reportAnswer,
  LobbyReports: lobbyReportsAnswer,
  PassReport: passReportAnswer,
  PassPage: passPageAnswer,
})) {
  if (!answerSchemas.has(schema)) answerSchemas.add(schema, { id: name });
}
if (!bodySchemas.has(reportSchema as z.ZodType)) bodySchemas.add(reportSchema as z.ZodType, { id: "PlayerReport" });
