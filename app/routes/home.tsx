// The landing page: what the product does, the way in, and the public tournaments running now.
import { isLive, roundLabel } from "~/models/access/policy";
import { Link, useRouteLoaderData } from "react-router";
import { createAccountHref } from "~/components/header";
import type { loader as rootLoader } from "~/root";
import type { Route } from "./+types/home";

import { StatCard } from "~/components/ui";
import { pageUser } from "~/lib/page.server";
import { landingPageCache } from "~/lib/public-cache.server";
import { landingView } from "~/models/views/landing.server";
import { FORMAT_LABELS, statusLabel, type Format } from "~/models/format/types";
import { dbContext } from "~/lib/context";
import { withoutReactHandle } from "~/lib/lite-page";

export const meta: Route.MetaFunction = () => [
  { title: "Tournament Manager" },
  {
    name: "description",
    content:
      "Host and track auto-battler tournaments with real-time tracking, player management and live leaderboards.",
  },
];

export const middleware: Route.MiddlewareFunction[] = [landingPageCache];
export const handle = withoutReactHandle;

export async function loader({ context }: Route.LoaderArgs) {
  const { live, stats } = await landingView(context.get(dbContext));
  return { signedIn: pageUser(context) !== null, live, stats };
}

const FEATURES = [
  {
    icon: "⚡",
    title: "Real-time Tracking",
    text: "Scores, lobbies and standings update on every screen the moment a host saves them.",
  },
  {
    icon: "✚",
    title: "Player Management",
    text: "Register players one by one or in bulk, run check-in, and substitute players between rounds.",
  },
  {
    icon: "★",
    title: "Live Leaderboards",
    text: "Standings with full tiebreaks, a public view to share, and every player's match history.",
  },
];

export default function Home({ loaderData }: Route.ComponentProps) {
  const { signedIn, live, stats } = loaderData;
  const demoLogin = useRouteLoaderData<typeof rootLoader>("root")?.demoLogin ?? false;
  return (
    <div className="stack">
      <section className="hero">
        <h1>Host and Track Your Tournaments</h1>
        <p>
          Run auto-battler tournaments from check-in to final standings, with real-time tracking, player management and
          live leaderboards.
        </p>
        <div className="row">
          {signedIn ? (
            <>
              <Link to="/dashboard" className="btn primary">
                Go to Dashboard
              </Link>
              <Link to="/create-tournament" className="btn">
                Create Tournament
              </Link>
            </>
          ) : (
            <>
              <Link to={createAccountHref(demoLogin)} className="btn primary">
                Create Tournament
              </Link>
              <Link to="/guide" className="btn">
                Learn More
              </Link>
            </>
          )}
        </div>
      </section>

      <section className="features" aria-label="Features">
        {FEATURES.map((f) => (
          <div key={f.title} className="card">
            <div className="feature-icon" aria-hidden="true">
              {f.icon}
            </div>
            <h3>{f.title}</h3>
            <p className="muted small" style={{ margin: 0 }}>
              {f.text}
            </p>
          </div>
        ))}
      </section>

      {/* docs/rules.md: the stats block exists but is hidden. */}
      <section className="grid cols-3 home-stats" hidden aria-label="Tournament statistics">
        <StatCard label="Total Tournaments" value={stats.total} />
        <StatCard label="Active Tournaments" value={stats.active} />
        <StatCard label="Completed Tournaments" value={stats.completed} />
      </section>

      <section aria-labelledby="live-title">
        <div className="row between" style={{ marginBottom: "0.75rem" }}>
          <h2 id="live-title" style={{ margin: 0 }}>
            Live Tournaments
          </h2>
          {live.length > 0 ? <span className="badge">{live.length}</span> : null}
        </div>
        {live.length === 0 ? (
          <div className="card empty">
            <h3>No Live Tournaments</h3>
            <p style={{ margin: 0 }}>Ready to host your own tournament? Create an account to get started!</p>
          </div>
        ) : (
          <ul className="grid cols-3 list-plain public-live-list">
            {live.map((t) => (
              <li key={t.id}>
                <Link to={`/tournaments/${t.id}/public`} className="card public-live-card">
                  <div className="row between">
                    <strong className="public-live-name">{t.name}</strong>
                    {isLive(t) ? (
                      <span className="badge live">Live</span>
                    ) : (
                      <span className="badge warning">{statusLabel(t.status)}</span>
                    )}
                  </div>
                  <div className="small muted">
                    {FORMAT_LABELS[t.format as Format] ?? t.format} · {roundLabel(t)} · {t.maxPlayers} max players
                  </div>
                  <span className="small public-live-cta">View Tournament →</span>
                </Link>
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}
