// A model's refusal reaches the form with its code, and the form's title comes from the code (check-in, lobby generation, scores).
import { expect, test } from "vitest";
import { runFormAction, type FormFailure } from "~/lib/page.server";
import { CHECKIN_FAILED } from "~/lib/host-actions.server";
import type { ActionResult } from "~/models/action.server";
import { bulkAddPlayers, setCheckin } from "~/models/players.server";
import { generateLobbies, listAllLobbies, saveScores } from "~/models/rounds.server";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, makeTournament, makeUser } from "./model-fixtures";

/** Runs a model action the way a screen's form does and gives its failure answer. */
async function refusalOf<T>(run: () => Promise<ActionResult<T>>, failureTitle: string, intent = "test") {
  const answer = await runFormAction({ intent, values: { typed: "kept" }, failureTitle }, run, () => {
    throw new Error("the action should have been refused");
  });
  const { data: failure, init } = answer as unknown as { data: FormFailure; init: ResponseInit };
  return { failure, status: init.status };
}

describeEachDriver("form refusals", (getDb) => {
  test("check-in: locked after lobbies and a full tournament carry their codes and SPEC.md's titles", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16 });
    const list = await addPlayers(db, owner, t.id, 16);
    // Beyond the limit, as the host's manual override adds one.
    const [extra] = (await bulkAddPlayers(db, owner, t.id, [{ name: "Extra", riotTag: "X1", lp: 0 }], true)).result;

    const full = await refusalOf(() => setCheckin(db, owner, extra.id, true), CHECKIN_FAILED);
    expect(full.status).toBe(409);
    expect(full.failure).toMatchObject({
      ok: false,
      code: "tournament_full",
      title: "Tournament full",
      error: "Maximum 16 players can be checked in",
      values: { typed: "kept" },
    });

    await generateLobbies(db, owner, t.id, 1);
    const locked = await refusalOf(() => setCheckin(db, owner, list[0].id, false), CHECKIN_FAILED);
    expect(locked.failure).toMatchObject({ code: "checkin_locked", title: "Check-ins locked" });
  });

  test("lobby generation: too few players for round 1 is Insufficient Players", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16 });
    await addPlayers(db, owner, t.id, 12);
    const { failure, status } = await refusalOf(() => generateLobbies(db, owner, t.id, 1), "Failed to generate lobbies");
    expect(status).toBe(409);
    expect(failure).toMatchObject({ code: "round_one_minimum", title: "Insufficient Players" });
  });

  test("scores: duplicate placements keep the form's title and name the field", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16 });
    await addPlayers(db, owner, t.id, 16);
    await generateLobbies(db, owner, t.id, 1);
    const [lobby] = await listAllLobbies(db, t.id);
    const scores = lobby.playerIds.map((playerId) => ({ playerId, placement: 1 }));
    const { failure, status } = await refusalOf(() => saveScores(db, owner, lobby.id, scores), "Failed to save scores", "save");
    expect(status).toBe(400);
    expect(failure).toMatchObject({
      intent: "save",
      code: "invalid_scores",
      title: "Failed to save scores",
      error: "Duplicate placements",
      fieldErrors: { scores: "Duplicate placements" },
    });
  });
});
