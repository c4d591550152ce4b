// The API's tournament reads on both databases, called as the router calls them: a public tournament's answer is shared
// per version (strong ETag, 304, shared-cache headers) and is the very answer the private read gives; ?round=N and the
// settled flags of the leaderboard follow a played tournament.
import { eq } from "drizzle-orm";
import { RouterContextProvider } from "react-router";
import { beforeEach, expect, test } from "vitest";
import type { AppDb } from "#db/client.server";
import { tournaments } from "#db/schema";
import { clearApiCache } from "~/lib/api-cache.server";
import { dbContext, userContext } from "~/lib/context";
import type { PublicUser } from "~/models/access/auth.server";
import { advanceRound } from "~/models/rounds/advance.server";
import { generateLobbies } from "~/models/rounds/lobbies.server";
import { finalizeRound, saveScores } from "~/models/rounds/scores.server";
import { clearSnapshots } from "~/models/views/snapshot.server";
import { loader as tournamentLoader } from "~/routes/api/tournament";
import { loader as checkedInLoader } from "~/routes/api/tournament.checked-in-players";
import { loader as leaderboardLoader } from "~/routes/api/tournament.leaderboard";
import { loader as lobbiesLoader } from "~/routes/api/tournament.lobbies";
import { loader as allLobbiesLoader } from "~/routes/api/tournament.lobbies.all";
import { loader as roundLobbiesLoader } from "~/routes/api/tournament.lobbies.round";
import { loader as matchesLoader } from "~/routes/api/tournament.matches";
import { loader as playersLoader } from "~/routes/api/tournament.players";
import { describeEachDriver } from "../setup/databases";
import { addPlayers, makeTournament, makeUser } from "./model-fixtures";

type Loader = (args: never) => Promise<Response>;

/** The models publish no events here: each change is followed by what an event does, forgetting the snapshots. */
function changed() {
  clearSnapshots();
}

beforeEach(() => {
  clearSnapshots();
  clearApiCache();
});

async function read(
  loader: Loader,
  db: AppDb,
  path: string,
  params: Record<string, string>,
  headers = {},
  user: PublicUser | null = null,
) {
  const context = new RouterContextProvider();
  context.set(dbContext, db);
  context.set(userContext, user);
  const url = new URL(`http://localhost${path}`);
  const response = await loader({ request: new Request(url, { headers }), url, params, context } as never);
  const text = await response.text();
  // A gzipped answer is compared by its headers only.
  const body = text && !response.headers.get("content-encoding") ? JSON.parse(text) : null;
  return { status: response.status, headers: response.headers, text, body };
}

/** Saves the lobby's scores, then reads the leaderboard at `path` again holding `etag` (as `user`). */
async function leaderboardAfterSave(
  db: AppDb,
  owner: PublicUser,
  lobby: { id: number; playerIds: number[] },
  path: string,
  etag: string,
  user: PublicUser | null = null,
) {
  await saveScores(db, owner, lobby.id, scoresFor(lobby.playerIds, 1));
  changed();
  const id = path.split("/")[3];
  return read(leaderboardLoader, db, path, { id }, { "If-None-Match": etag }, user);
}

/** 16 players in two lobbies, round 1 drawn. */
async function drawn(db: AppDb, isPublic: boolean) {
  const owner = await makeUser(db);
  const t = await makeTournament(db, owner, { maxPlayers: 16, totalRounds: 3, isPublic });
  await addPlayers(db, owner, t.id, 16);
  const generated = await generateLobbies(db, owner, t.id, 1);
  if (generated.result.status !== "generated") throw new Error("expected lobbies");
  changed();
  return { owner, t, lobbies: generated.result.lobbies };
}

/** Placements in a fixed but round-dependent order, so rounds move the standings. */
const scoresFor = (playerIds: readonly number[], round: number) =>
  playerIds.map((playerId, i) => ({ playerId, placement: ((i + round * 3) % playerIds.length) + 1 }));

describeEachDriver("API tournament reads", (getDb) => {
  test("a public tournament's reads are shared per version: strong ETag, 304, public caching, and the private read's answer", async () => {
    const { db } = getDb();
    const { owner, t, lobbies } = await drawn(db, true);
    await saveScores(db, owner, lobbies[0].id, scoresFor(lobbies[0].playerIds, 1));
    changed();
    const id = String(t.id);
    const reads: [string, Loader, string, Record<string, string>][] = [
      ["tournament", tournamentLoader, `/api/tournaments/${id}`, { id }],
      ["players", playersLoader, `/api/tournaments/${id}/players`, { id }],
      ["checked in", checkedInLoader, `/api/tournaments/${id}/checked-in-players`, { id }],
      ["leaderboard", leaderboardLoader, `/api/tournaments/${id}/leaderboard`, { id }],
      ["leaderboard round 1", leaderboardLoader, `/api/tournaments/${id}/leaderboard?round=1`, { id }],
      ["lobbies", lobbiesLoader, `/api/tournaments/${id}/lobbies`, { id }],
      ["lobbies ?round=1", lobbiesLoader, `/api/tournaments/${id}/lobbies?round=1`, { id }],
      ["lobbies/all", allLobbiesLoader, `/api/tournaments/${id}/lobbies/all`, { id }],
      ["lobbies/round/1", roundLobbiesLoader, `/api/tournaments/${id}/lobbies/round/1`, { id, round: "1" }],
      ["matches", matchesLoader, `/api/tournaments/${id}/matches`, { id }],
    ];
    const shared = new Map<string, unknown>();
    const version = (await db.select().from(tournaments).where(eq(tournaments.id, t.id)))[0].version;
    for (const [what, loader, path, params] of reads) {
      const answer = await read(loader, db, path, params);
      expect(answer.status, `${what}: ${answer.text}`).toBe(200);
      expect(answer.headers.get("cache-control"), what).toBe("public, max-age=0, s-maxage=1, must-revalidate");
      expect(answer.headers.get("etag"), what).toMatch(new RegExp(`^"${t.id}\\.${version}-[\\w-]+"$`));
      expect(answer.headers.get("tournament-version"), what).toBe(String(version));
      expect(answer.headers.get("access-control-allow-origin"), what).toBe("*");
      const again = await read(loader, db, path, params, { "If-None-Match": answer.headers.get("etag")! });
      expect(again.status, `${what}: unchanged`).toBe(304);
      expect(again.text).toBe("");
      shared.set(what, answer.body);
    }
    expect(new Set(reads.map(([, , path]) => path)).size).toBe(reads.length);

    // The same tournament made private: a stranger reads nothing (docs/decisions/021); for its owner every read is
    // the same answer, built from the snapshot as the shared one is, but private.
    await db.update(tournaments).set({ isPublic: false }).where(eq(tournaments.id, t.id));
    changed();
    for (const [what, loader, path, params] of reads) {
      expect((await read(loader, db, path, params)).status, `${what}: a stranger`).toBe(404);
      const answer = await read(loader, db, path, params, {}, owner);
      expect(answer.status, `${what}: ${answer.text}`).toBe(200);
      expect(answer.headers.get("cache-control"), what).toBe("private, no-cache");
      expect(answer.headers.get("etag"), what).toMatch(/^"p-[\w-]+"$/);
      const expected = shared.get(what) as Record<string, unknown>;
      if (what === "tournament") expect(answer.body).toEqual({ ...expected, isPublic: false });
      else expect(answer.body, what).toEqual(expected);
      const again = await read(loader, db, path, params, { "If-None-Match": answer.headers.get("etag")! }, owner);
      expect(again.status, `${what}: unchanged`).toBe(304);
    }
  });

  test("a save moves the version: the old ETag gets the new answer", async () => {
    const { db } = getDb();
    const { owner, t, lobbies } = await drawn(db, true);
    const path = `/api/tournaments/${t.id}/leaderboard`;
    const before = await read(leaderboardLoader, db, path, { id: String(t.id) });
    const after = await leaderboardAfterSave(db, owner, lobbies[0], path, before.headers.get("etag")!);
    expect(after.status).toBe(200);
    // The version rides in the ETag ("{id}.{version}-…"); the body stays the array of rows.
    const versionOf = (etag: string | null) => Number(etag?.match(/^"\d+\.(\d+)-/)?.[1]);
    expect(versionOf(after.headers.get("etag"))).toBe(versionOf(before.headers.get("etag")) + 1);
    expect(after.headers.get("etag")).not.toBe(before.headers.get("etag"));
  });

  test("a private tournament's reader gets one answer per version: the same bytes and ETag until a save, then the new ones", async () => {
    const { db } = getDb();
    const { owner, t, lobbies } = await drawn(db, false);
    const path = `/api/tournaments/${t.id}/leaderboard`;
    const params = { id: String(t.id) };
    const first = await read(leaderboardLoader, db, path, params, {}, owner);
    const again = await read(leaderboardLoader, db, path, params, {}, owner);
    expect(first.status).toBe(200);
    expect(again.text).toBe(first.text);
    expect(again.headers.get("etag")).toBe(first.headers.get("etag"));
    expect(again.headers.get("cache-control")).toBe("private, no-cache");
    expect((await read(leaderboardLoader, db, path, params)).status, "a stranger").toBe(404);
    // Gzipped once per version as well, with its own tag, which answers 304 too.
    const gzip = await read(leaderboardLoader, db, path, params, { "Accept-Encoding": "gzip" }, owner);
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.get("vary")).toMatch(/Accept-Encoding/);
    expect(gzip.headers.get("etag")).toBe(first.headers.get("etag")!.replace(/"$/, '-gz"'));
    const gzipEtag = { "Accept-Encoding": "gzip", "If-None-Match": gzip.headers.get("etag")! };
    expect((await read(leaderboardLoader, db, path, params, gzipEtag, owner)).status).toBe(304);
    const after = await leaderboardAfterSave(db, owner, lobbies[0], path, first.headers.get("etag")!, owner);
    expect(after.status).toBe(200);
    expect(Number(after.headers.get("tournament-version"))).toBe(Number(first.headers.get("tournament-version")) + 1);
    expect(after.headers.get("etag")).not.toBe(first.headers.get("etag"));
    expect((after.body as { totalPoints: number }[]).some((row) => row.totalPoints > 0)).toBe(true);
  });

  test("settled and live: finalizing settles the board, a later save unsettles the rows it moves, ?round=N keeps each round", async () => {
    const { db } = getDb();
    const { owner, t, lobbies } = await drawn(db, true);
    const id = String(t.id);
    const board = async (query = "") => {
      const answer = await read(leaderboardLoader, db, `/api/tournaments/${id}/leaderboard${query}`, { id });
      expect(answer.status, answer.text).toBe(200);
      const rows = answer.body as { id: number; rank: number; final: boolean; rankChange: number | null }[];
      // Settled: every row is final (docs/rules.md, "Settled and live standings").
      return { rows, settled: rows.every((r) => r.final) };
    };
    for (const lobby of lobbies) await saveScores(db, owner, lobby.id, scoresFor(lobby.playerIds, 1));
    changed();
    const live = await board();
    expect(live.rows.every((r) => !r.final)).toBe(true);
    expect(live.rows.every((r) => r.rankChange === null)).toBe(true);

    await finalizeRound(db, owner, t.id);
    changed();
    const settled = await board();
    expect(settled.settled).toBe(true);
    const strip = (rows: Record<string, unknown>[]) => rows.map(({ final: _f, rankChange: _r, ...rest }) => rest);
    expect(strip((await board("?round=1")).rows)).toEqual(strip(settled.rows));

    await advanceRound(db, owner, t.id, {});
    const second = await generateLobbies(db, owner, t.id, 2);
    if (second.result.status !== "generated") throw new Error("expected round 2");
    changed();
    // Round 2 drawn, nothing saved: still the settled standings of round 1.
    expect((await board()).settled).toBe(true);
    const [first] = second.result.lobbies;
    await saveScores(db, owner, first.id, scoresFor(first.playerIds, 2));
    changed();
    const moving = await board();
    expect(moving.settled).toBe(false);
    const afterRound1 = new Map<number, number>(settled.rows.map((r) => [r.id, r.rank]));
    for (const row of moving.rows) {
      // A player of the saved lobby has a new total: not final. Anyone else is final exactly when their rank held.
      if (first.playerIds.includes(row.id)) expect(row.final, `player ${row.id}`).toBe(false);
      else expect(row.final, `player ${row.id}`).toBe(afterRound1.get(row.id) === row.rank);
      expect(row.rankChange, `player ${row.id}`).toBe(afterRound1.get(row.id)! - row.rank);
    }
    // Round 1's standings did not move.
    expect(strip((await board("?round=1")).rows)).toEqual(strip(settled.rows));
    const round2 = await board("?round=2");
    expect(round2.settled).toBe(false);
    expect(strip(round2.rows)).toEqual(strip(moving.rows));

    for (const [query, message] of [
      ["?round=0", "Invalid round number"],
      ["?round=abc", "Invalid round number"],
      ["?round=1.5", "Invalid round number"],
      ["?round=3", "Round 3 has not started"],
      ["?round=99999999999", "Invalid round number"],
    ]) {
      const answer = await read(leaderboardLoader, db, `/api/tournaments/${id}/leaderboard${query}`, { id });
      expect(answer.status, query).toBe(400);
      expect(answer.body, query).toEqual({ message, code: "invalid_input" });
    }
  });
});
