// The spectator pages' JavaScript enhancements: copy to clipboard and export download, each also usable as plain HTML.
// On pages served without React, the `data-copy` and `data-export` attributes are what the page script acts on (app/scripts/live.ts).
import { useServerDocumentWithoutReact } from "~/lib/lite-page";
import { fillToast, useToast } from "./toast";
import { ACTION_TOASTS } from "~/lib/live-constants";
import { useHydrated } from "./ui";
import { copyText } from "~/lib/browser";

function useCopy() {
  const showToast = useToast();
  return async (text: string, what: string) => {
    const ok = await copyText(text).then(
      () => true,
      () => false,
    );
    showToast(ok ? fillToast(ACTION_TOASTS.copied, { what }) : ACTION_TOASTS.copyFailed);
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
      data-copy={url}
      data-copy-what="Tournament link"
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

/**
 * Copies "Name#Tag" for inviting in game. Only rendered once scripts run: without them the text is right beside it.
 * On a page without React a <template> marks the spot, and the inline script puts the same button there.
 */
export function CopyNameButton({ name, riotTag }: { name: string; riotTag: string }) {
  const hydrated = useHydrated();
  const withoutReact = useServerDocumentWithoutReact() !== null;
  const copy = useCopy();
  const text = `${name}#${riotTag}`;
  if (withoutReact) return <template data-copy-button={text} />;
  if (!hydrated) return null;
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
        <input
          id={id}
          type="url"
          readOnly
          value={url}
          className="mono"
          onFocus={(event) => event.currentTarget.select()}
        />
        {hydrated ? (
          <button
            type="button"
            className="btn small"
            aria-label={`Copy ${label}`}
            onClick={() => void copy(url, label)}
          >
            Copy
          </button>
        ) : null}
      </div>
    </div>
  );
}
