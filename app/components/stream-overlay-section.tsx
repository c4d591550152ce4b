// The settings page's "Stream overlay" section: the overlay's addresses for an OBS browser source, each copyable.
import { CopyUrlField } from "./public-actions";

/** The overlay's views as ready-made addresses (app/routes/overlay.ts; docs/rules.md, "Stream overlay"). */
export function overlayUrls(base: string, key: string | null = null) {
  // A tournament that is not public shows on stream through its share link's key.
  const withKey = key ? `&key=${encodeURIComponent(key)}` : "";
  return [
    { id: "overlay-standings", label: "Standings (top 8)", url: `${base}?view=standings&top=8${withKey}` },
    {
      id: "overlay-lobby",
      label: "One lobby (Lobby 1)",
      url: `${base}?view=lobby&lobby=${encodeURIComponent("Lobby 1")}${withKey}`,
    },
    { id: "overlay-round", label: "Round progress", url: `${base}?view=round${withKey}` },
  ];
}

export function StreamOverlaySection({ base, shareKey = null }: { base: string; shareKey?: string | null }) {
  return (
    <section className="card" aria-labelledby="stream-overlay-title">
      <h2 id="stream-overlay-title">Stream overlay</h2>
      <p className="small muted">
        Add one of these as a browser source in OBS: a transparent page in large type that updates by itself. Change{" "}
        <code>top</code> (1 to 32) or the lobby's name in the address as you need.
      </p>
      {overlayUrls(base, shareKey).map((u) => (
        <CopyUrlField key={u.id} {...u} />
      ))}
    </section>
  );
}
