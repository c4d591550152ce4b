// The public view's progress (SPEC "Cutting": "The public view shows completed as 100% progress with all rounds done"):
// the percent of rounds reached while running, 100% with every circle done once completed.
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { expect, test } from "vitest";
import type { Tournament } from "#db/schema";
import { RoundProgress } from "~/components/public-shared";

const render = (status: Tournament["status"], currentRound: number) =>
  renderToStaticMarkup(createElement(RoundProgress, { tournament: { status, currentRound, totalRounds: 3 } }));

test("a running tournament reads its percent; a completed one 100% with every round done", () => {
  expect(render("active", 2)).toContain("67%");
  expect(render("active", 2)).not.toContain("all rounds done");
  const done = render("completed", 3);
  expect(done).toContain("100%, all rounds done");
  expect(done.match(/round-circle done/g)).toHaveLength(3);
  expect(done).toContain('aria-valuenow="100"');
});
