// Idempotency-Key (docs/decisions/018-idempotency-keys.md) on both databases: a write sent again with its key is made
// once and answered the same; another request under a used key is refused (422); keys are per caller, stored only
// with a committed change, and forgotten after 24 hours. The API's plumbing (header, 400) is tested in tests/api.
import { eq, sql } from "drizzle-orm";
import { expect, test } from "vitest";
import type { AppDb } from "#db/client.server";
import { idempotencyKeys, lobbies, matches, tournaments } from "#db/schema";
import { fingerprint, runKeyed, type KeyedCall } from "~/lib/idempotency.server";
import type { PublicUser } from "~/models/access/auth.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { saveScores } from "~/models/rounds/scores.server";
import { createTournament } from "~/models/tournaments/tournaments.server";
import { tournamentCreateSchema } from "~/models/tournaments/tournament-input";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, makeTournament, makeUser, placements } from "./model-fixtures";

const create = (name: string) => tournamentCreateSchema.parse({ name, maxPlayers: 16, totalRounds: 2 });

function callOf(user: PublicUser, key: string, body: unknown, path = "/api/tournaments"): KeyedCall {
  return { userId: user.id, key, fingerprint: fingerprint("POST", `http://local${path}`, JSON.stringify(body)) };
}

/** POST /api/tournaments as the API's handler runs it with a key: the answer and its JSON. */
async function createKeyed(db: AppDb, user: PublicUser, key: string, name: string) {
  const response = await runKeyed(
    db,
    callOf(user, key, { name }),
    (r) => r,
    async (keyedDb) => {
      return (await createTournament(keyedDb, user, create(name))).result;
    },
  );
  return { response, status: response.status, json: (await response.json()) as { id?: number; code?: string } };
}

async function countNamed(db: AppDb, name: string) {
  return (await db.select().from(tournaments).where(eq(tournaments.name, name))).length;
}

describeEachDriver("Idempotency-Key", (getDb) => {
  test("the same write sent again is made once and answered the same, marked as replayed", async () => {
    const { db } = getDb();
    const user = await makeUser(db);
    const first = await createKeyed(db, user, "key-1", "Keyed Cup");
    expect(first.status).toBe(200);
    expect(first.response.headers.get("idempotent-replayed")).toBeNull();
    const again = await createKeyed(db, user, "key-1", "Keyed Cup");
    expect(again.status).toBe(200);
    expect(again.response.headers.get("idempotent-replayed")).toBe("true");
    expect(again.json).toEqual(first.json);
    expect(await countNamed(db, "Keyed Cup")).toBe(1);
  });

  test("another request under a used key is refused with 422 and changes nothing", async () => {
    const { db } = getDb();
    const user = await makeUser(db);
    expect((await createKeyed(db, user, "key-2", "First Cup")).status).toBe(200);
    const other = await createKeyed(db, user, "key-2", "Second Cup");
    expect(other.status).toBe(422);
    expect(other.json).toEqual({
      message: "This Idempotency-Key was already used for a different request",
      code: "idempotency_key_reused",
    });
    expect(await countNamed(db, "Second Cup")).toBe(0);
  });

  test("two calls with one key at the same moment: one change, both answered with it", async () => {
    const { db } = getDb();
    const user = await makeUser(db);
    const [a, b] = await Promise.all([
      createKeyed(db, user, "key-3", "Racing Cup"),
      createKeyed(db, user, "key-3", "Racing Cup"),
    ]);
    expect([a.status, b.status]).toEqual([200, 200]);
    expect(a.json.id).toBe(b.json.id);
    expect(await countNamed(db, "Racing Cup")).toBe(1);
  });

  test("keys belong to their caller: another user's same key is a new request", async () => {
    const { db } = getDb();
    const [one, two] = [await makeUser(db), await makeUser(db)];
    expect((await createKeyed(db, one, "shared", "Mine Cup")).status).toBe(200);
    const theirs = await createKeyed(db, two, "shared", "Mine Cup");
    expect(theirs.status).toBe(200);
    expect(theirs.response.headers.get("idempotent-replayed")).toBeNull();
    expect(await countNamed(db, "Mine Cup")).toBe(2);
  });

  test("a refused write stores no key: sent again once the refusal is gone, it is made", async () => {
    const { db } = getDb();
    const owner = await makeUser(db);
    const t = await makeTournament(db, owner, { maxPlayers: 16 });
    const list = await addPlayers(db, owner, t.id, 16);
    await generateLobbies(db, owner, t.id, 1);
    const [lobby] = await db.select().from(lobbies).where(eq(lobbies.tournamentId, t.id)).orderBy(lobbies.id);
    const bad = lobby.playerIds.map((playerId) => ({ playerId, placement: 1 }));
    const good = placements(lobby.playerIds);
    const path = `/api/lobbies/${lobby.id}/matches`;
    const save = (scores: typeof good) =>
      runKeyed(
        db,
        callOf(owner, "save-1", { scores: good }, path),
        (r) => r,
        async (keyedDb) => {
          return (await saveScores(keyedDb, owner, lobby.id, scores)).result;
        },
      ).catch((error: Error) => error);
    // The model refuses (duplicate placements): rolled back, the key with it.
    expect(await save(bad)).toBeInstanceOf(Error);
    expect(await db.select().from(idempotencyKeys).where(eq(idempotencyKeys.userId, owner.id))).toEqual([]);
    const made = (await save(good)) as Response;
    expect(made.status).toBe(200);
    const replayed = (await save(good)) as Response;
    expect(replayed.headers.get("idempotent-replayed")).toBe("true");
    expect(await replayed.json()).toEqual(await made.json());
    expect(await db.select().from(matches).where(eq(matches.lobbyId, lobby.id))).toHaveLength(8);
    expect(list).toHaveLength(16);
  });

  test("a key is forgotten after 24 hours: the same request is then made again", async () => {
    const { db } = getDb();
    const user = await makeUser(db);
    expect((await createKeyed(db, user, "old", "Yesterday Cup")).status).toBe(200);
    await db
      .update(idempotencyKeys)
      .set({ createdAt: sql`now() - interval '25 hours'` })
      .where(eq(idempotencyKeys.userId, user.id));
    const later = await createKeyed(db, user, "old", "Yesterday Cup");
    expect(later.status).toBe(200);
    expect(later.response.headers.get("idempotent-replayed")).toBeNull();
    expect(await countNamed(db, "Yesterday Cup")).toBe(2);
  });
});
