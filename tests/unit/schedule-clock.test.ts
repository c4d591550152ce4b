// The schedule line of the public pages and its clock (issue #20 item 3): a cached page is keyed by `scheduleClock`, so
// two instants with the same clock must render the same line, and two with different clocks different lines.
import fc from "fast-check";
import { createElement } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { describe, expect, it } from "vitest";
import { ScheduleLine } from "~/components/schedule";
import { scheduleAt, scheduleClock, type Schedule } from "~/models/roster/signup";

function line(schedule: Schedule, now: Date) {
  const at = scheduleAt(schedule, now);
  return renderToStaticMarkup(
    createElement(ScheduleLine, {
      tournamentId: 1,
      startsAt: at.startsAt,
      timeZone: at.timeZone,
      window: at.window,
      now: now.toISOString(),
    }),
  );
}

const schedules = fc
  .record({
    start: fc.integer({ min: Date.UTC(2026, 0, 1), max: Date.UTC(2027, 0, 1) }),
    timeZone: fc.constantFrom("UTC", "Europe/Paris", "America/New_York", "Asia/Tokyo"),
    opens: fc.integer({ min: 1, max: 1440 }),
    closesShare: fc.double({ min: 0, max: 1, noNaN: true }),
  })
  .map(({ start, timeZone, opens, closesShare }): Schedule => ({
    startsAt: new Date(start),
    timeZone,
    checkinOpensBefore: opens,
    checkinClosesBefore: Math.min(opens - 1, Math.floor(closesShare * opens)),
  }));

describe("the schedule line's clock", () => {
  it("is the same exactly when the rendered line is the same", () => {
    fc.assert(
      fc.property(
        schedules,
        // From three days before the start to a day after it, and a second instant up to two hours later.
        fc.integer({ min: -3 * 86_400_000, max: 86_400_000 }),
        fc.integer({ min: 0, max: 2 * 3_600_000 }),
        (schedule, offset, later) => {
          const a = new Date(schedule.startsAt.getTime() + offset);
          const b = new Date(a.getTime() + later);
          const sameClock = scheduleClock(schedule, a) === scheduleClock(schedule, b);
          expect(sameClock).toBe(line(schedule, a) === line(schedule, b));
        },
      ),
      { numRuns: 400 },
    );
  }, 60_000);

  it("stops moving once the start has passed, and is empty without a schedule", () => {
    const schedule: Schedule = {
      startsAt: new Date("2026-12-05T17:00:00Z"),
      timeZone: "Europe/Paris",
      checkinOpensBefore: 60,
      checkinClosesBefore: 10,
    };
    expect(scheduleClock(schedule, new Date("2026-12-05T16:15:00Z"))).toBe("open|in 45 min");
    expect(scheduleClock(schedule, new Date("2026-12-05T15:00:00Z"))).toBe("before|in 2 h");
    expect(scheduleClock(schedule, new Date("2026-12-05T17:00:00Z"))).toBe("after|");
    expect(scheduleClock(schedule, new Date("2026-12-09T00:00:00Z"))).toBe("after|");
    expect(scheduleClock(null, new Date())).toBe("");
    expect(line(schedule, new Date("2026-12-05T16:15:00Z"))).toMatch(
      /Check-in open until <time datetime="2026-12-05T16:50:00.000Z" data-zoned="">Sat, Dec 5, 2026, 17:50 \(Europe\/Paris\)<\/time>/i,
    );
  });
});
