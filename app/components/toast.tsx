// One toast at a time: the server's flash message or a live event, shown at the bottom of the screen; it leaves after 5 s (CSS without JavaScript) or when dismissed.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";
import { TOAST_DURATION_MS, type ToastMessage } from "~/lib/live-constants";

const ToastContext = createContext<(toast: ToastMessage) => void>(() => {});
type ToastState = { toast: ToastMessage | null; serial: number; dismiss: () => void };
const ToastStateContext = createContext<ToastState>({ toast: null, serial: 0, dismiss: () => {} });

export function useToast() {
  return useContext(ToastContext);
}

// The one fill of a toast's placeholders, shared with the page scripts (app/scripts/live.ts).
export { fillToast } from "~/lib/live-constants";

export function ToastProvider({ initial, children }: { initial: ToastMessage | null; children: ReactNode }) {
  const [toast, setToast] = useState<ToastMessage | null>(initial);
  const [serial, setSerial] = useState(0);

  // A new server flash (after a redirect) replaces whatever was showing, in the same render
  // (react.dev, "Adjusting some state when a prop changes").
  const [flash, setFlash] = useState(initial);
  if (initial !== flash) {
    setFlash(initial);
    if (initial) {
      setToast(initial);
      setSerial((n) => n + 1);
    }
  }

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => setToast(null), TOAST_DURATION_MS);
    return () => clearTimeout(timer);
  }, [toast, serial]);

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "F8") document.getElementById("toast-region")?.focus();
    };
    window.addEventListener("keydown", onKey);
    return () => window.removeEventListener("keydown", onKey);
  }, []);

  const show = useCallback((next: ToastMessage) => {
    setToast(next);
    setSerial((n) => n + 1);
  }, []);

  const dismiss = useCallback(() => setToast(null), []);
  return (
    <ToastContext.Provider value={show}>
      <ToastStateContext.Provider value={{ toast, serial, dismiss }}>{children}</ToastStateContext.Provider>
    </ToastContext.Provider>
  );
}

/**
 * Where the toast shows: fixed at the bottom of the screen (app.css), where the reader is, however far
 * down the page they acted or scrolled. Its close link reloads the page without the (already read)
 * flash, so it works without JavaScript; with it, it just hides the toast.
 */
export function ToastRegion() {
  const { toast, serial, dismiss } = useContext(ToastStateContext);
  const location = useLocation();
  return (
    <div id="toast-region" className="toast-region" role="region" aria-label="Notifications (F8)" tabIndex={-1}>
      {toast ? (
        <div className={`toast ${toast.type ?? "info"}`} role="status" aria-live="polite" key={serial}>
          <div className="title">{toast.title}</div>
          {toast.description ? <div className="small muted">{toast.description}</div> : null}
          <Link
            to={location.pathname + location.search}
            className="close"
            aria-label="Dismiss notification"
            replace
            preventScrollReset
            onClick={(event) => {
              event.preventDefault();
              dismiss();
            }}
          >
            ×
          </Link>
        </div>
      ) : null}
    </div>
  );
}
