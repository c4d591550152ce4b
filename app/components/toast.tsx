// One toast at a time: the server's flash message or a live event; dismissed after 5 s when JavaScript runs.
import { createContext, useCallback, useContext, useEffect, useState, type ReactNode } from "react";
import { Link, useLocation } from "react-router";

export type ToastMessage = { title: string; description?: string; type?: "success" | "error" | "info" };

const ToastContext = createContext<(toast: ToastMessage) => void>(() => {});

export function useToast() {
  return useContext(ToastContext);
}

export const TOAST_DURATION_MS = 5000;

export function ToastProvider({ initial, children }: { initial: ToastMessage | null; children: ReactNode }) {
  const [toast, setToast] = useState<ToastMessage | null>(initial);
  const [serial, setSerial] = useState(0);
  const location = useLocation();

  // A new server flash (after a redirect) replaces whatever was showing.
  useEffect(() => {
    if (initial) {
      setToast(initial);
      setSerial((n) => n + 1);
    }
  }, [initial]);

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

  return (
    <ToastContext.Provider value={show}>
      {children}
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
                setToast(null);
              }}
            >
              ×
            </Link>
          </div>
        ) : null}
      </div>
    </ToastContext.Provider>
  );
}
