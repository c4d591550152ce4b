// The master panel's confirmation step inside a form: a <details> that reveals the real submit button, so it needs no JavaScript.
import { useId, type ReactNode } from "react";
import { REASON_MAX } from "~/models/audit/audit";
import { FieldError } from "./ui";

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
  reason,
}: {
  /** The override's "Reason" field: what the master typed before, and the server's message for it. */
  reason?: { value?: unknown; error?: string };
  label: string;
  question: ReactNode;
  confirmLabel: string;
  open?: boolean;
  pending?: boolean;
  disabled?: boolean;
  danger?: boolean;
}) {
  return (
    <details className="confirm master-confirm" open={open || !!reason?.error || undefined}>
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
        {reason ? <ReasonField defaultValue={reason.value} error={reason.error} /> : null}
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

/**
 * The reason a master gives for an override, kept in the audit trail (docs/rules.md, "Audit
 * trail"): required and one line; the server checks it again.
 */
export function ReasonField({ defaultValue, error }: { defaultValue?: unknown; error?: string }) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={`${id}-reason`}>Reason</label>
      <input
        id={`${id}-reason`}
        name="reason"
        required
        maxLength={REASON_MAX}
        autoComplete="off"
        defaultValue={typeof defaultValue === "string" ? defaultValue : ""}
        aria-invalid={error ? true : undefined}
        aria-describedby={error ? `${id}-reason-error` : undefined}
      />
      <FieldError id={`${id}-reason-error`} message={error} />
    </div>
  );
}
