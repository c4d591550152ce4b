// The schedule line of the public view and the leaderboard (issue #20 item 3): the start and the check-in window from
// the tournament's snapshot, at the instant the page is made for (a cached page's, `pageClockContext`).
import type { RouterContextProvider } from "react-router";
import { isCompleted, isLive } from "~/models/access/policy";
import { scheduleAt } from "~/models/roster/signup";
import type { TournamentData } from "~/models/views/tournament-data.server";
import { pageClockContext } from "./context";

/** What `ScheduleLine` shows, or null: no start set, or the rounds have begun (the line is about getting there). */
export function pageSchedule(data: TournamentData, context: Readonly<RouterContextProvider>) {
  const { schedule, tournament } = data;
  if (!schedule || isLive(tournament) || isCompleted(tournament)) return null;
  const now = new Date(context.get(pageClockContext) ?? Date.now());
  const at = scheduleAt(schedule, now);
  return {
    startsAt: at.startsAt.toISOString(),
    timeZone: at.timeZone,
    window: {
      opensAt: at.window.opensAt.toISOString(),
      closesAt: at.window.closesAt.toISOString(),
      state: at.window.state,
    },
    now: now.toISOString(),
  };
}
