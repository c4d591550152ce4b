// A small world for the accessibility and phone-layout tests: an organizer with a live tournament (round 2, one
// lobby scored) and one in check-in, created through the JSON API.
import type { APIRequestContext, BrowserContext } from "@playwright/test";
import { expect } from "./fixtures";

export const PASSWORD = "password123";

type ApiPlayer = { id: number; name: string; riotTag: string };
type ApiLobby = { id: number; name: string; playerIds: number[]; roundNumber: number };

export type World = {
  organizer: string;
  /** A scorekeeper of both tournaments (docs/rules.md, "Staff"). */
  scorekeeper: string;
  liveId: number;
  checkinId: number;
  player: ApiPlayer;
  players: ApiPlayer[];
  checkinPlayers: ApiPlayer[];
  round2: ApiLobby[];
};

function apiClient(request: APIRequestContext, token: string) {
  return async function call<T = unknown>(method: string, path: string, body?: unknown): Promise<T> {
    const response = await request.fetch(path, {
      method,
      headers: { Authorization: `Bearer ${token}` },
      data: body === undefined ? undefined : body,
    });
    if (!response.ok()) throw new Error(`${method} ${path} answered ${response.status()}: ${await response.text()}`);
    return (await response.json()) as T;
  };
}

/** Names long enough to wrap on a phone, with a tag each. */
function roster(prefix: string, count: number) {
  return Array.from({ length: count }, (_, i) => ({
    name: `${prefix} Longername${String(i + 1).padStart(2, "0")}`,
    riotTag: `EUW${i + 1}`,
    lp: 1000 + i,
  }));
}

export async function buildWorld(request: APIRequestContext, suffix: string): Promise<World> {
  const organizer = `a11y_${suffix}`;
  const login = await request.post("/api/auth/login", { data: { username: organizer, password: PASSWORD } });
  expect(login.ok(), `demo login of ${organizer}`).toBeTruthy();
  const api = apiClient(request, ((await login.json()) as { token: string }).token);
  const scorekeeper = `a11y_k_${suffix}`;
  const keeperLogin = await request.post("/api/auth/login", { data: { username: scorekeeper, password: PASSWORD } });
  expect(keeperLogin.ok(), `demo login of ${scorekeeper}`).toBeTruthy();

  const live = await api<{ id: number }>("POST", "/api/tournaments", {
    name: `Accessible Cup ${suffix}`,
    format: "standard",
    maxPlayers: 24,
    totalRounds: 3,
    isPublic: true,
  });
  // A webhook that cannot be reached (.invalid never resolves): the Webhooks page shows its failed attempts.
  await api("POST", `/api/tournaments/${live.id}/webhooks`, {
    url: "https://hooks.example.invalid/tournament-manager",
    kind: "standard",
    events: ["score.saved", "round.finalized", "checkin.changed"],
  });
  const players = await api<ApiPlayer[]>("POST", `/api/tournaments/${live.id}/players/bulk`, {
    players: roster("Ana", 17),
  });
  await api("POST", `/api/tournaments/${live.id}/staff`, { username: scorekeeper });
  await api("POST", `/api/tournaments/${live.id}/start-checkin`);
  for (const p of players.slice(0, 16)) await api("POST", `/api/players/${p.id}/checkin`, { checkedIn: true });
  const round1 = (await api<{ lobbies: ApiLobby[] }>("POST", `/api/tournaments/${live.id}/lobbies/generate`, {}))
    .lobbies;
  for (const lobby of round1) {
    await api("POST", `/api/lobbies/${lobby.id}/matches`, {
      scores: lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 })),
    });
  }
  await api("POST", `/api/tournaments/${live.id}/advance-round`, { eliminationCount: 0 });
  const round2 = (await api<{ lobbies: ApiLobby[] }>("POST", `/api/tournaments/${live.id}/lobbies/generate`, {}))
    .lobbies;
  await api("POST", `/api/lobbies/${round2[0].id}/matches`, {
    scores: round2[0].playerIds.map((playerId, i) => ({ playerId, placement: i + 1 })),
  });

  const checkin = await api<{ id: number }>("POST", "/api/tournaments", {
    name: `Check-in Cup ${suffix}`,
    format: "elimination",
    maxPlayers: 32,
    totalRounds: 3,
    isPublic: true,
  });
  const checkinPlayers = await api<ApiPlayer[]>("POST", `/api/tournaments/${checkin.id}/players/bulk`, {
    players: roster("Bo", 20),
  });
  await api("POST", `/api/tournaments/${checkin.id}/staff`, { username: scorekeeper });
  await api("POST", `/api/tournaments/${checkin.id}/start-checkin`);
  for (const p of checkinPlayers.slice(0, 10)) await api("POST", `/api/players/${p.id}/checkin`, { checkedIn: true });
  // Self check-in open: the public check-in page shows its form, the management page its code.
  await api("POST", `/api/tournaments/${checkin.id}/self-checkin/code`);

  return {
    organizer,
    scorekeeper,
    liveId: live.id,
    checkinId: checkin.id,
    player: players[0],
    players,
    checkinPlayers,
    round2,
  };
}

export type Role = "visitor" | "organizer" | "scorekeeper" | "master";

/** Every screen docs/rules.md names, for the role that can see it. */
export function screens(world: World, role: Role): string[] {
  const { liveId: t, checkinId: c, player } = world;
  const visitor = [
    "/",
    "/login",
    "/auth",
    "/auth?tab=register",
    "/guide",
    `/tournaments/${t}/public`,
    `/tournaments/${c}/public`,
    `/tournaments/${t}/public/player/${player.id}`,
    `/tournaments/${t}/leaderboard`,
    `/tournaments/${t}/previous-lobbies`,
    `/tournaments/${c}/check-in`,
    `/tournaments/${t}/check-in`,
    "/no-such-page",
    // An error screen inside the site's frame (docs/rules.md's "Tournament not found").
    "/tournaments/999999999/public",
  ];
  if (role === "visitor") return visitor;
  const host = [
    "/dashboard",
    "/create-tournament",
    "/guide",
    `/tournaments/${t}/settings`,
    `/tournaments/${t}/manage-players`,
    `/tournaments/${c}/manage-players`,
    `/tournaments/${t}/players`,
    `/tournaments/${t}/scores`,
    `/tournaments/${c}/checkin`,
    `/tournament-checkin/${c}`,
    `/tournament-checkin/${t}`,
    `/tournaments/${t}/players/${player.id}`,
    `/tournaments/${t}/public`,
    `/tournaments/${t}/leaderboard`,
    "/tournaments/abc/scores",
    `/tournaments/${t}/history`,
    `/tournaments/${t}/history?action=scores.saved&round=1`,
    `/tournaments/${t}/webhooks`,
  ];
  if (role === "organizer") return host;
  if (role === "scorekeeper") {
    return [
      "/dashboard",
      `/tournaments/${t}/scores`,
      `/tournaments/${c}/checkin`,
      `/tournament-checkin/${c}`,
      `/tournaments/${c}/manage-players`,
      `/tournaments/${t}/settings`,
    ];
  }
  return [
    "/dashboard",
    `/tournaments/${t}/master-override`,
    `/tournaments/${t}/master-override?tab=players`,
    `/tournaments/${t}/master-override?tab=system`,
    `/tournaments/${t}/history`,
  ];
}

/**
 * The stream overlay's views: pages for an OBS browser source, without the site's header, footer or
 * theme (the accessibility test checks them; the phone layout test does not, as no one reads them on a phone).
 */
export function overlayScreens(world: World): string[] {
  const base = `/tournaments/${world.liveId}/overlay`;
  return [
    base,
    `${base}?view=lobby&lobby=Lobby%201`,
    `${base}?view=round`,
    `/tournaments/${world.checkinId}/overlay?view=round`,
  ];
}

/** The `ui-theme` cookie as react-router's createCookie writes it (base64 JSON, URI-encoded). */
export async function setTheme(context: BrowserContext, baseURL: string, theme: "light" | "dark") {
  const value = encodeURIComponent(Buffer.from(JSON.stringify(theme)).toString("base64"));
  await context.addCookies([{ name: "ui-theme", value, url: baseURL }]);
}

/** Opens every <details> on the page: menus, row actions and confirmations. */
export const OPEN_ALL_DETAILS = () => {
  for (const d of Array.from(document.querySelectorAll("details"))) d.open = true;
};

/** Every <details> of the page but the header's menus. */
export const OPEN_PAGE_DETAILS = () => {
  for (const d of Array.from(document.querySelectorAll("details"))) if (!d.closest(".site-header")) d.open = true;
};

/**
 * The header's menus open over the page (docs/decisions/028-phone-first-layouts.md), hiding what is under them as any
 * drop-down does: axe checks them open on their own (`axe(page, HEADER)`), the page with its own details open.
 */
export const HEADER = ".site-header";
