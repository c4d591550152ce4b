// Small presentational pieces shared by the screens: badges, stat cards, alerts, confirmations that work without JavaScript.
import { useEffect, useRef, useState, useSyncExternalStore, type ReactNode } from "react";
import { Form, useLocation, useNavigation } from "react-router";
import { statusLabel } from "~/models/format/types";

const STATUS_TONE: Record<string, string> = {
  active: "success",
  in_progress: "success",
  checkin: "warning",
  registration: "primary",
  setup: "",
  completed: "primary",
};

export function StatusBadge({ status }: { status: string }) {
  return <span className={`badge ${STATUS_TONE[status] ?? ""}`}>{statusLabel(status)}</span>;
}

export function StatCard({ label, value, hint }: { label: string; value: ReactNode; hint?: ReactNode }) {
  return (
    <div className="card stat-card">
      <div className="label">{label}</div>
      <div className="value">{value}</div>
      {hint ? <div className="small muted">{hint}</div> : null}
    </div>
  );
}

/** A refused action's message, as an alert at the top of a form. */
/**
 * A refusal's message. With `focus` it takes the focus when it appears (autofocus without
 * JavaScript, React's autoFocus with it), so the host lands on it rather than at the top.
 */
export function FormError({
  title,
  message,
  focus,
}: {
  title?: string | null;
  message?: string | null;
  focus?: boolean;
}) {
  const ref = useFocusOnMount<HTMLDivElement>(!!focus && !!message, message);
  if (!message) return null;
  return (
    <div ref={ref} className="alert error" role="alert" tabIndex={focus ? -1 : undefined} autoFocus={focus}>
      {title ? <strong>{title}</strong> : null}
      <div>{message}</div>
    </div>
  );
}

export function FieldError({ message, id }: { message?: string | null; id?: string }) {
  return message ? (
    <div className="error" id={id} role="alert">
      {message}
    </div>
  ) : null;
}

const subscribeNothing = () => () => {};

/**
 * False in the server HTML and during hydration, true once JavaScript runs: buttons and live checks
 * that only work with scripts switch on then, so plain HTML never gets stuck.
 */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}

/** True while the form with this intent is being submitted, for "…ing" button labels. */
export function usePendingIntent(intent: string) {
  const navigation = useNavigation();
  return navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
}

/**
 * A confirmation without JavaScript: the button opens a panel with the question and the real
 * submit button; `finalQuestion` asks a second time. `primary` fills the opening button (the host's
 * next step); `quiet` draws a destructive one as an outline, for lists of many (docs/rules.md "Host flows").
 */
export function ConfirmAction({
  label,
  intent,
  question,
  finalQuestion,
  confirmLabel = "Confirm",
  danger,
  action,
  fields,
  small,
  primary,
  quiet,
  children,
}: {
  /** More fields of the form, shown above its button (the master panel's Reason). */
  children?: ReactNode;
  label: string;
  intent: string;
  question: ReactNode;
  finalQuestion?: ReactNode;
  confirmLabel?: string;
  danger?: boolean;
  action?: string;
  fields?: Record<string, string | number>;
  small?: boolean;
  primary?: boolean;
  quiet?: boolean;
}) {
  const pending = usePendingIntent(intent);
  const tone = danger ? (quiet ? "danger-quiet" : "danger") : primary ? "primary" : "";
  const form = (
    <Form method="post" action={action} className="inline-form">
      <input type="hidden" name="intent" value={intent} />
      {Object.entries(fields ?? {}).map(([name, value]) => (
        <input key={name} type="hidden" name={name} value={value} />
      ))}
      {children}
      <button type="submit" className={`btn ${danger ? "danger" : "primary"} small`} disabled={pending}>
        {pending ? <span className="spinner" aria-hidden="true" /> : null} {confirmLabel}
      </button>
    </Form>
  );
  return (
    <details className="confirm">
      <summary className={`btn ${tone} ${small ? "small" : ""}`}>{label}</summary>
      <div className="confirm-box" role="alertdialog" aria-label={label}>
        <div style={{ marginBottom: "0.5rem" }}>{question}</div>
        {finalQuestion ? (
          <details>
            <summary className={`btn ${danger ? "danger" : "primary"} small`}>Continue</summary>
            <div style={{ margin: "0.5rem 0" }}>{finalQuestion}</div>
            {form}
          </details>
        ) : (
          form
        )}
      </div>
    </details>
  );
}

export function ProgressBar({ value, max, label }: { value: number; max: number; label?: string }) {
  const percent = max > 0 ? Math.min(100, Math.max(0, (value / max) * 100)) : 0;
  return (
    <div
      className="progress"
      role="progressbar"
      aria-valuemin={0}
      aria-valuemax={100}
      aria-valuenow={Math.round(percent)}
      aria-label={label}
    >
      <span style={{ width: `${percent}%` }} />
    </div>
  );
}

export function EmptyState({ title, children }: { title: string; children?: ReactNode }) {
  return (
    <div className="empty">
      <h3>{title}</h3>
      {children}
    </div>
  );
}

/**
 * The page's action data, kept through re-validations. React Router drops actionData when a page
 * re-validates (a live event, the safety re-validation), which remounted refused forms empty;
 * docs/rules.md: a form keeps what the user typed until it succeeds. It is dropped on the next
 * navigation (a success redirects to a new location).
 */
export function useKeptActionData<T>(actionData: T | undefined): T | undefined {
  const location = useLocation();
  const [kept, setKept] = useState<{ data: T; key: string } | null>(null);
  if (actionData !== undefined && actionData !== null) {
    if (kept?.data !== actionData || kept.key !== location.key) setKept({ data: actionData, key: location.key });
    return actionData;
  }
  if (kept && kept.key !== location.key) {
    setKept(null);
    return undefined;
  }
  return kept?.data;
}

/**
 * Focuses the element when it appears (or its message changes). The server-rendered `autofocus`
 * does it without JavaScript; React only honours autoFocus on form controls, so this covers the rest.
 */
export function useFocusOnMount<T extends HTMLElement>(active: boolean, trigger?: unknown) {
  const ref = useRef<T>(null);
  useEffect(() => {
    if (active) ref.current?.focus();
  }, [active, trigger]);
  return ref;
}
