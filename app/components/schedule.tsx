// A tournament's start and check-in window as its pages show them: `<time datetime data-zoned>` in the tournament's zone
// (no JavaScript needed); the page script (app/scripts/live.ts) re-renders them in the reader's own zone and
// keeps "starts in …" (`data-starts-in`) counting from the reader's clock.
import { formatInZone, startsIn } from "~/models/roster/signup";

type Props = {
  /** The tournament, for the calendar link. */
  tournamentId: number;
  startsAt: Date | string | null;
  timeZone: string;
  window: { opensAt: Date | string; closesAt: Date | string; state: "before" | "open" | "after" } | null;
  /** The server's "now" when the page was made (ISO), so a cached page and its countdown agree. */
  now: string;
  /** Play has begun (Round 1 drawn, or the tournament live or over): the start shows without "starts in …". */
  begun?: boolean;
};

const asDate = (v: Date | string) => (typeof v === "string" ? new Date(v) : v);

export function ScheduleLine({ tournamentId, startsAt, timeZone, window, now, begun = false }: Props) {
  if (!startsAt) return null;
  const start = asDate(startsAt);
  const soon = begun ? null : startsIn(new Date(now), start);
  const closes = window ? asDate(window.closesAt) : null;
  const opens = window ? asDate(window.opensAt) : null;
  return (
    <section className="card schedule" aria-label="Schedule">
      <p style={{ margin: 0 }}>
        Starts{" "}
        <time dateTime={start.toISOString()} data-zoned="">
          {formatInZone(start, timeZone)}
        </time>
        {begun ? null : <span data-starts-in={start.toISOString()}>{soon ? ` (starts ${soon})` : ""}</span>}
      </p>
      {window && opens && closes ? (
        <p style={{ margin: 0 }} className="muted">
          {window.state === "open" ? (
            <>
              Check-in open until{" "}
              <time dateTime={closes.toISOString()} data-zoned="">
                {formatInZone(closes, timeZone)}
              </time>
            </>
          ) : window.state === "before" ? (
            <>
              Check-in opens{" "}
              <time dateTime={opens.toISOString()} data-zoned="">
                {formatInZone(opens, timeZone)}
              </time>
            </>
          ) : (
            "Check-in has closed"
          )}
        </p>
      ) : null}
      <p style={{ margin: 0 }}>
        <a href={`/tournaments/${tournamentId}/calendar.ics`} download>
          Add to calendar (.ics)
        </a>
      </p>
    </section>
  );
}
