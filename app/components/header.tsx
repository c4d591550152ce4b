// The site header of docs/rules.md "Pages and addresses": back button, logo, Dashboard, sign-in buttons, user menu, theme.
import { useEffect, useRef } from "react";
import { Form, Link, useLocation, useNavigation, useRouteLoaderData } from "react-router";
import type { loader as rootLoader } from "~/root";
import type { PublicUser } from "~/models/access/auth.server";
import type { Theme } from "~/lib/theme.server";

export function initials(username: string) {
  const parts = username.split(/[\s_]+/).filter(Boolean);
  const letters = parts.length >= 2 ? parts[0][0] + parts[1][0] : username.slice(0, 2);
  return letters.toUpperCase();
}

/**
 * A public tournament page (public view, profile, leaderboard, previous lobbies, self check-in) of a well-formed id (a
 * positive whole number): its tournament id and whether it is the public view itself.
 */
function publicPage(pathname: string): { id: string; isView: boolean } | null {
  const view = /^\/(?:tournaments\/([1-9]\d*)\/public|public\/([1-9]\d*))\/?$/.exec(pathname);
  if (view) return { id: view[1] ?? view[2], isView: true };
  const other =
    /^\/tournaments\/([1-9]\d*)\/(?:public\/player\/[^/]+|leaderboard|previous-lobbies|check-in)\/?$/.exec(pathname) ??
    /^\/public\/([1-9]\d*)\/player(?:\/[^/]*)?\/?$/.exec(pathname);
  return other ? { id: other[1], isView: false } : null;
}

/**
 * Where the header's Back goes. Tournament pages go back to the dashboard for a signed-in user;
 * a visitor on a public tournament page goes to its public view (or / from it), and from any other
 * page (an unknown or malformed id's error screen too) to the landing page: never to a login wall
 * (docs/rules.md "Spectator pages").
 */
export function backTarget(pathname: string, signedIn = true): string | null {
  if (pathname === "/" || pathname === "/dashboard") return null;
  if (!signedIn) {
    const page = publicPage(pathname);
    if (!page) return "/";
    return page.isView ? "/" : `/tournaments/${page.id}/public`;
  }
  const onTournamentPage =
    /^\/tournaments\/[^/]+/.test(pathname) ||
    /^\/(public|tournament-settings|manage-players|tournament-players|scores|leaderboard|previous-lobbies|checkin|tournament-checkin)(\/|$)/.test(
      pathname,
    );
  return onTournamentPage ? "/dashboard" : "/";
}

export function Header({ user, theme }: { user: PublicUser | null; theme: Theme }) {
  const location = useLocation();
  const navigation = useNavigation();
  const back = backTarget(location.pathname, !!user);
  const demoLogin = useRouteLoaderData<typeof rootLoader>("root")?.demoLogin ?? false;
  const here = location.pathname + location.search;
  const loggingOut = navigation.state !== "idle" && navigation.formAction === "/logout";
  const isMaster = user?.role === "master";
  const headerRef = useRef<HTMLElement>(null);
  // Without JavaScript every navigation is a new page, whose menus start closed; with it, the
  // header stays mounted, so an open menu is closed here once the next page is shown.
  useEffect(() => {
    headerRef.current?.querySelectorAll("details[open]").forEach((menu) => menu.removeAttribute("open"));
  }, [location.key]);
  return (
    <header className="site-header" ref={headerRef}>
      <div className="container">
        {back ? (
          <Link to={back} className="btn ghost small" aria-label="Back">
            ← <span className="hide-sm">Back</span>
          </Link>
        ) : null}
        {/* The mark is drawn by CSS, so the link's visible text is its whole name (WCAG 2.5.3). */}
        <Link to="/" className="logo">
          <span className="logo-mark" aria-hidden="true" />
          <span className="logo-text">Tournament Manager</span>
        </Link>
        {user && location.pathname !== "/" && location.pathname !== "/dashboard" ? (
          <Link to="/dashboard" className="btn small">
            Dashboard
          </Link>
        ) : null}
        {user ? (
          // A disclosure (details/summary), not an ARIA menu: it holds links, a theme form and a
          // logout form, which Tab reaches in order, with or without JavaScript.
          <details className="menu user-menu">
            <summary>
              <span className="sr-only">User menu: </span>
              {/* The initials are text, and part of the menu's name (2.5.3: its visible text is in its name). */}
              <span className="avatar">{initials(user.username)}</span>
              <span className="sr-only-sm">{user.username}</span>
              {isMaster ? <span className="badge primary">Master</span> : null}
            </summary>
            <div className="menu-panel">
              <div style={{ padding: "0.4rem 0.6rem" }}>
                <div style={{ fontWeight: 700 }}>{user.username}</div>
                <div className="muted small">{isMaster ? "Master Administrator" : "Tournament Organizer"}</div>
              </div>
              <hr />
              <Link to="/dashboard">Dashboard</Link>
              <Link to="/guide">Guide</Link>
              <hr />
              <ThemeForm theme={theme} redirectTo={here} />
              <hr />
              <Form method="post" action="/logout">
                <button type="submit" disabled={loggingOut}>
                  {loggingOut ? "Logging out..." : "Logout"}
                </button>
              </Form>
            </div>
          </details>
        ) : (
          <>
            <details className="menu">
              <summary className="btn ghost small" aria-label="Theme" title="Theme">
                <span aria-hidden="true">{THEME_ICONS[theme]}</span>
              </summary>
              <div className="menu-panel">
                <ThemeForm theme={theme} redirectTo={here} />
              </div>
            </details>
            <Link to="/login" className="btn small">
              Login
            </Link>
            {/* With demo login on, any new name signs in: the login tab (with its demo note) is how to get an account. */}
            <Link to={createAccountHref(demoLogin)} className="btn primary small">
              Create Account
            </Link>
          </>
        )}
      </div>
    </header>
  );
}

/** Where a visitor's "Create Account" / "Create Tournament" go (docs/rules.md "Spectator pages"). */
export function createAccountHref(demoLogin: boolean) {
  return demoLogin ? "/auth?tab=login" : "/auth?tab=register";
}

const THEME_LABELS: Record<Theme, string> = { light: "Light", dark: "Dark", system: "System" };
const THEME_ICONS: Record<Theme, string> = { light: "☀", dark: "☾", system: "◐" };

/** A plain form: the server sets the theme cookie and renders the new theme, so no JavaScript is needed. */
export function ThemeForm({ theme, redirectTo, compact }: { theme: Theme; redirectTo: string; compact?: boolean }) {
  return (
    <Form method="post" action="/theme" className="theme-form" aria-label="Theme">
      <input type="hidden" name="redirectTo" value={redirectTo} />
      {(["light", "dark", "system"] as const).map((value) => (
        <button
          key={value}
          type="submit"
          name="theme"
          value={value}
          aria-pressed={theme === value}
          title={`${THEME_LABELS[value]} theme`}
          className={compact ? "btn ghost small" : undefined}
        >
          <span aria-hidden="true">{THEME_ICONS[value]}</span>
          {compact ? <span className="sr-only">{THEME_LABELS[value]}</span> : ` ${THEME_LABELS[value]}`}
        </button>
      ))}
    </Form>
  );
}
