// The master panel's confirmation step inside a form: a <details> that reveals the real submit button, so it needs no JavaScript.
import { useEffect, useState, type ReactNode } from "react";

/** True once React runs in the browser: live checks only switch on then, so plain HTML never gets stuck. */
export function useHydrated() {
  const [hydrated, setHydrated] = useState(false);
  useEffect(() => setHydrated(true), []);
  return hydrated;
}

/**
 * The submit button sends `confirmed=1`; the server refuses a submission without it (a press of
 * Enter in a field), answering with the box opened.
 */
export function MasterConfirm({
  label,
  question,
  confirmLabel,
  open,
  pending,
  disabled,
  danger,
}: {
  label: string;
  question: ReactNode;
  confirmLabel: string;
  open?: boolean;
  pending?: boolean;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <details className="confirm master-confirm" open={open || undefined}>
      <summary
        className={`btn ${danger ? "danger" : "primary"}`}
        aria-disabled={disabled || undefined}
        // A disabled step must not open: the native <summary> has no disabled state.
        onClick={disabled ? (event) => event.preventDefault() : undefined}
      >
        {label}
      </summary>
      <div className="confirm-box" role="alertdialog" aria-label={`Confirm: ${label}`}>
        <div style={{ marginBottom: "0.5rem" }}>{question}</div>
        <button
          type="submit"
          name="confirmed"
          value="1"
          className={`btn ${danger ? "danger" : "primary"} small`}
          disabled={pending || disabled}
        >
          {pending ? <span className="spinner" aria-hidden="true" /> : null} {confirmLabel}
        </button>
      </div>
    </details>
  );
}
