// A model's refusal reaches the screen's form action with its code, and the screen decides the title and behaviour from the code (check-in, lobby generation, scores).
import { RouterContextProvider } from "react-router";
import { expect, test } from "vitest";
import type { AppDb } from "#db/client.server";
import { dbContext, formContext, userContext } from "~/lib/context";
import type { FormFailure } from "~/lib/page.server";
import type { PublicUser } from "~/models/access/auth.server";
import { bulkAddPlayers } from "~/models/roster/roster.server";
import { advanceRound } from "~/models/rounds/advance.server";
import { generateLobbies, listAllLobbies } from "~/models/rounds/lobbies.server";
import { saveScores } from "~/models/rounds/scores.server";
import { action as checkinAction } from "~/routes/host-checkin";
import { action as scoresAction } from "~/routes/scores";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, makeTournament, makeUser, placements } from "./model-fixtures";

type Action = (args: never) => Promise<unknown>;

/** Posts a form to a screen's action as the root middleware would hand it over: database, user and form in the router context. */
async function post(
  action: Action,
  db: AppDb,
  user: PublicUser,
  path: string,
  tournamentId: number,
  fields: Record<string, string>,
) {
  const form = new FormData();
  for (const [name, value] of Object.entries(fields)) form.append(name, value);
  const context = new RouterContextProvider();
  context.set(dbContext, db);
  context.set(userContext, user);
  context.set(formContext, form);
  const url = new URL(`http://localhost${path}`);
  const request = new Request(url, { method: "POST" });
  return action({
    request,
    url,
    params: { tournamentId: String(tournamentId) },
    context,
    unstable_pattern: path,
  } as never);
}

/** The failure answer of a refused form (a `data(...)` value), with its status. */
function failureOf(answer: unknown) {
  const { data, init } = answer as { data: FormFailure; init: ResponseInit | null };
  expect(data?.ok, "the form should have been refused").toBe(false);
  return { ...data, status: init?.status };
}

describeEachDriver("form refusals", (getDb) => {
  test("check-in: a full tournament and check-ins after lobbies carry their codes and docs/rules.md's titles", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16 });
    const list = await addPlayers(db, owner, t.id, 16);
    // Beyond the limit, as the host's manual override adds one.
    const [extra] = (await bulkAddPlayers(db, owner, t.id, [{ name: "Extra", riotTag: "X1", lp: 0 }], true)).result;
    const path = `/tournament-checkin/${t.id}`;
    const toggle = (playerId: number, checkedIn: boolean) =>
      post(checkinAction, db, owner, path, t.id, {
        intent: "toggle-checkin",
        playerId: String(playerId),
        checkedIn: String(checkedIn),
      });

    expect(failureOf(await toggle(extra.id, true))).toMatchObject({
      status: 409,
      intent: "toggle-checkin",
      code: "tournament_full",
      title: "Tournament full",
      error: "Maximum 16 players can be checked in",
    });

    await generateLobbies(db, owner, t.id, 1);
    expect(failureOf(await toggle(list[0].id, false))).toMatchObject({
      code: "checkin_locked",
      title: "Check-ins locked",
    });
  });

  test("lobby generation: too few players for round 1 is Insufficient Players", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16 });
    await addPlayers(db, owner, t.id, 12);
    const answer = await post(checkinAction, db, owner, `/tournament-checkin/${t.id}`, t.id, {
      intent: "generate-first",
    });
    expect(failureOf(answer)).toMatchObject({ status: 409, code: "round_one_minimum", title: "Insufficient Players" });
  });

  test("scores: duplicate placements keep the form's title; advancing an unscored round is Round not finalized; a completed tournament completes", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16, totalRounds: 1 });
    await addPlayers(db, owner, t.id, 16);
    await generateLobbies(db, owner, t.id, 1);
    const lobbies = await listAllLobbies(db, t.id);
    const path = `/scores/${t.id}`;
    const scores = (intent: string, fields: Record<string, string> = {}) =>
      post(scoresAction, db, owner, path, t.id, { intent, ...fields });

    const duplicate = Object.fromEntries(
      lobbies[0].playerIds.flatMap((id, i) => [
        [`scores.${i}.playerId`, String(id)],
        [`scores.${i}.placement`, "1"],
      ]),
    );
    expect(failureOf(await scores("save", { lobbyId: String(lobbies[0].id), ...duplicate }))).toMatchObject({
      status: 400,
      code: "invalid_scores",
      title: "Failed to save scores",
      error: "Duplicate placements",
    });

    expect(failureOf(await scores("advance"))).toMatchObject({
      status: 409,
      code: "round_not_scored",
      title: "Round not finalized",
    });

    for (const lobby of lobbies) await saveScores(db, owner, lobby.id, placements(lobby.playerIds));
    // SPEC.md section 8 names "Cannot undo after finalization" among the titles.
    expect((await scores("finalize")) as Response).toHaveProperty("status", 302);
    expect(failureOf(await scores("undo"))).toMatchObject({
      status: 409,
      code: "undo_finalized",
      title: "Cannot undo after finalization",
    });
    await advanceRound(db, owner, t.id);
    // The tournament is completed now: the score screen's advance answers its completion, not a failure.
    const completed = (await scores("advance")) as Response;
    expect(completed.status).toBe(302);
    expect(completed.headers.get("Location")).toBe(`/leaderboard/${t.id}`);
  });
});
