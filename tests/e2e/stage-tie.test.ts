// A tie at a stage end's cut line, JavaScript off: the stage end has no cut dialog, so the score page's Advance form
// asks for the picks itself (docs/rules.md "Stages"). 24 players in three lobbies, one game, cut to 8: the three
// 3rd places tie on points and average, and the host eliminates one of them.
import { expect, login, PASSWORD, test, tournamentWithCheckedInPlayers, uniqueName } from "./fixtures";

test("a tie at a stage end's cut: the Advance form offers the tied players and applies the pick", async ({
  noJsPage: page,
  request,
}) => {
  const organizer = uniqueName("stagetie_");
  await login(page, organizer, PASSWORD);
  const { id, headers } = await tournamentWithCheckedInPlayers(request, organizer, 24);
  const stages = [
    { name: "Day 1", games: 1, draw: "snake", points: "carry", end: { cutTo: 8 } },
    { name: "Final", games: 1, draw: "snake", points: "carry", end: null },
  ];
  const patched = await request.patch(`/api/tournaments/${id}`, { headers, data: { stages } });
  expect(patched.ok(), await patched.text()).toBeTruthy();
  const drawn = await request.post(`/api/tournaments/${id}/lobbies/generate`, { headers, data: {} });
  expect(drawn.ok(), await drawn.text()).toBeTruthy();
  const lobbies: { id: number; playerIds: number[] }[] = (await drawn.json()).lobbies;
  expect(lobbies).toHaveLength(3);
  for (const lobby of lobbies) {
    const scores = lobby.playerIds.map((playerId, i) => ({ playerId, placement: i + 1 }));
    const saved = await request.post(`/api/lobbies/${lobby.id}/matches`, { headers, data: { scores } });
    expect(saved.ok(), await saved.text()).toBeTruthy();
  }
  const thirds = lobbies.map((l) => l.playerIds[2]!);

  await page.goto(`/tournaments/${id}/scores`);
  const tie = page.getByRole("group", { name: /Tie at the cut line: select exactly 1 of the 3 tied players/ });
  await expect(tie).toBeVisible();
  await expect(tie.getByRole("checkbox")).toHaveCount(3);
  await expect(page.getByRole("link", { name: "Cut Players" })).toHaveCount(0);

  // Without a pick the server refuses and nothing moves.
  await page.getByRole("button", { name: "Advance to Round 2" }).click();
  await expect(
    page.getByText(/Tie-break needed at the cut line: select exactly 1 of the 3 tied players/),
  ).toBeVisible();
  expect((await (await request.get(`/api/tournaments/${id}`)).json()).currentRound).toBe(1);

  // Pick one: the stage ends with 8 through, the picked 3rd place out and the other two in.
  await page
    .getByRole("group", { name: /Tie at the cut line/ })
    .getByRole("checkbox")
    .first()
    .check();
  await page.getByRole("button", { name: "Advance to Round 2" }).click();
  await expect(page.locator(".toast .title")).toHaveText("Round Advanced");
  const after = await (await request.get(`/api/tournaments/${id}/players`)).json();
  const out = (after as { id: number; isEliminated: boolean }[]).filter((p) => p.isEliminated).map((p) => p.id);
  expect(out).toHaveLength(16);
  expect(thirds.filter((p) => out.includes(p))).toHaveLength(1);
});
