// The spectator pages' JavaScript enhancements: copy to clipboard and export download, each also usable as plain HTML.
import type { MouseEvent } from "react";
import { useToast } from "./toast";
import { useHydrated } from "./ui";

async function copyText(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text);
      return true;
    }
  } catch {
    // Denied or not a secure context: fall back to the selection below.
  }
  try {
    const area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    const ok = document.execCommand("copy");
    area.remove();
    return ok;
  } catch {
    return false;
  }
}

function useCopy() {
  const showToast = useToast();
  return async (text: string, what: string) => {
    const ok = await copyText(text);
    showToast(
      ok
        ? { type: "success", title: "Copied!", description: `${what} copied to clipboard` }
        : { type: "error", title: "Copy failed", description: "Could not copy to clipboard" },
    );
  };
}

/**
 * Share: without JavaScript a link down to the read-only URL box (select and copy it there);
 * with JavaScript it copies the URL straight away.
 */
export function ShareButton({ url, targetId }: { url: string; targetId: string }) {
  const copy = useCopy();
  return (
    <a
      href={`#${targetId}`}
      className="btn"
      onClick={(event) => {
        event.preventDefault();
        void copy(url, "Tournament link");
      }}
    >
      Share
    </a>
  );
}

/** The read-only public URL: the no-JavaScript way to share, selected on focus. */
export function ShareBox({ url, id }: { url: string; id: string }) {
  return (
    <section className="card" id={id} aria-labelledby={`${id}-title`}>
      <h2 id={`${id}-title`}>Share this tournament</h2>
      <label htmlFor={`${id}-url`}>Public link</label>
      <input
        id={`${id}-url`}
        type="url"
        readOnly
        value={url}
        onFocus={(event) => event.currentTarget.select()}
        className="mono"
      />
      <p className="small muted" style={{ marginTop: "0.5rem", marginBottom: 0 }}>
        Anyone with this link can follow the tournament live.
      </p>
    </section>
  );
}

/** Copies "Name#Tag" for inviting in game. Only rendered once scripts run: without them the text is right beside it. */
export function CopyNameButton({ name, riotTag }: { name: string; riotTag: string }) {
  const hydrated = useHydrated();
  const copy = useCopy();
  if (!hydrated) return null;
  const text = `${name}#${riotTag}`;
  return (
    <button
      type="button"
      className="btn ghost small copy-btn"
      aria-label={`Copy ${text}`}
      title={`Copy ${text}`}
      onClick={() => void copy(text, name)}
    >
      Copy
    </button>
  );
}

function fileNameFrom(response: Response, tournamentName: string): string {
  const disposition = response.headers.get("content-disposition") ?? "";
  const star = disposition.match(/filename\*=UTF-8''([^;]+)/i)?.[1];
  if (star) {
    try {
      return decodeURIComponent(star);
    } catch {
      // fall through to the plain name
    }
  }
  const plain = disposition.match(/filename="?([^";]+)"?/i)?.[1];
  if (plain) return plain;
  // SPEC.md: the sanitised tournament name plus _export.xlsx.
  return `${tournamentName.replace(/[^A-Za-z0-9_-]+/g, "_") || "tournament"}_export.xlsx`;
}

function base64ToBlob(base64: string): Blob {
  const bytes = Uint8Array.from(atob(base64), (c) => c.charCodeAt(0));
  return new Blob([bytes], { type: "application/vnd.openxmlformats-officedocument.spreadsheetml.sheet" });
}

/**
 * Export: a plain link to the API's file download (`?download=1`), so it works without JavaScript.
 * With JavaScript the file is fetched first, so a failure shows SPEC.md's toast instead of an error page.
 */
export function ExportLink({
  tournamentId,
  tournamentName,
  failureMessage,
  className = "btn",
}: {
  tournamentId: number;
  tournamentName: string;
  /** "Unable to export tournament data" on the public view, "Failed to export tournament data" elsewhere. */
  failureMessage: string;
  className?: string;
}) {
  const showToast = useToast();
  const href = `/api/tournaments/${tournamentId}/export?download=1`;
  async function onClick(event: MouseEvent<HTMLAnchorElement>) {
    event.preventDefault();
    try {
      const response = await fetch(href, { credentials: "same-origin", cache: "no-store" });
      if (!response.ok) throw new Error(`${response.status}`);
      const type = response.headers.get("content-type") ?? "";
      // The API's JSON answer carries the spreadsheet as base64; the download form is the file itself.
      let blob: Blob;
      let fileName = fileNameFrom(response, tournamentName);
      if (type.includes("application/json")) {
        const body = (await response.json()) as { excelData?: unknown; fileName?: unknown };
        blob = base64ToBlob(String(body.excelData ?? ""));
        if (typeof body.fileName === "string" && body.fileName) fileName = body.fileName;
      } else {
        blob = await response.blob();
      }
      if (blob.size === 0) throw new Error("empty export");
      const objectUrl = URL.createObjectURL(blob);
      const a = document.createElement("a");
      a.href = objectUrl;
      a.download = fileName;
      document.body.appendChild(a);
      a.click();
      a.remove();
      setTimeout(() => URL.revokeObjectURL(objectUrl), 10_000);
      showToast({ type: "success", title: "Download started" });
    } catch {
      showToast({ type: "error", title: "Export failed", description: failureMessage });
    }
  }
  return (
    <a href={href} className={className} onClick={onClick}>
      <span aria-hidden="true">⬇</span> Export
    </a>
  );
}

/**
 * An address to hand out: a labelled read-only field (select and copy it without JavaScript, it
 * selects itself on focus) and, once scripts run, a Copy button beside it.
 */
export function CopyUrlField({ id, label, url }: { id: string; label: string; url: string }) {
  const hydrated = useHydrated();
  const copy = useCopy();
  return (
    <div className="field copy-url">
      <label htmlFor={id}>{label}</label>
      <div className="row copy-url-row">
        <input id={id} type="url" readOnly value={url} className="mono" onFocus={(event) => event.currentTarget.select()} />
        {hydrated ? (
          <button type="button" className="btn small" aria-label={`Copy ${label}`} onClick={() => void copy(url, label)}>
            Copy
          </button>
        ) : null}
      </div>
    </div>
  );
}
