// Labelled form controls in the `.field` layout every form uses: the label, the control, an optional hint, then the field's error.
import type { InputHTMLAttributes, ReactNode, SelectHTMLAttributes } from "react";
import { FieldError, usePendingIntent } from "./ui";

/** The frame around one control. `errorId` ties the error to the control (aria-invalid, aria-describedby) while there is one. */
export type FieldFrame = {
  id: string;
  label: ReactNode;
  hint?: ReactNode;
  hintId?: string;
  error?: string | null;
  errorId?: string;
};

function Frame({ id, label, hint, hintId, error, errorId, children }: FieldFrame & { children: ReactNode }) {
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      {children}
      {hint ? (
        <div className="hint" id={hintId}>
          {hint}
        </div>
      ) : null}
      <FieldError id={errorId} message={error} />
    </div>
  );
}

/** Splits a field's props into its frame and the control's own attributes. */
function splitFrame<T extends FieldFrame>({ id, label, hint, hintId, error, errorId, ...control }: T) {
  const frame: FieldFrame = { id, label, hint, hintId, error, errorId };
  // The control points at its error (aria-invalid, aria-describedby) while there is one, when the field names an error id.
  const aria = errorId
    ? { "aria-invalid": error ? true : undefined, "aria-describedby": error ? errorId : undefined }
    : {};
  return { frame, control: { id, ...control, ...aria } };
}

/** A labelled `<input>`; every other attribute goes to the input as given. */
export function InputField(props: FieldFrame & Omit<InputHTMLAttributes<HTMLInputElement>, "id">) {
  const { frame, control } = splitFrame(props);
  return (
    <Frame {...frame}>
      <input {...control} />
    </Frame>
  );
}

/** A labelled `<select>` whose children are its options. */
export function SelectField(props: FieldFrame & Omit<SelectHTMLAttributes<HTMLSelectElement>, "id">) {
  const { frame, control } = splitFrame(props);
  return (
    <Frame {...frame}>
      <select {...control} />
    </Frame>
  );
}

/** One `<option>` a value, showing `label(value)`. */
export function optionsOf<T extends string | number>(values: readonly T[], label: (value: T) => ReactNode = (v) => v) {
  return values.map((value) => (
    <option key={value} value={value}>
      {label(value)}
    </option>
  ));
}

/** A checkbox that always submits: a hidden "false" first, then "true" when the box is ticked. */
export function BooleanCheckbox({
  name,
  label,
  defaultChecked,
  disabled,
}: {
  name: string;
  label: ReactNode;
  defaultChecked: boolean;
  disabled?: boolean;
}) {
  return (
    <>
      <input type="hidden" name={name} value="false" disabled={disabled} />
      <label className="checkbox">
        <input type="checkbox" name={name} value="true" defaultChecked={defaultChecked} disabled={disabled} />
        {label}
      </label>
    </>
  );
}

/** A submit button that says it is busy while its form's hidden intent is being submitted (with JavaScript). */
export function SubmitButton({
  intent,
  children,
  pendingLabel,
  className = "btn primary",
  disabled,
}: {
  intent: string;
  children: ReactNode;
  pendingLabel?: ReactNode;
  className?: string;
  disabled?: boolean;
}) {
  const pending = usePendingIntent(intent);
  return (
    <button type="submit" className={className} disabled={disabled || pending}>
      {pending ? <span className="spinner" aria-hidden="true" /> : null}
      {pending && pendingLabel ? pendingLabel : children}
    </button>
  );
}

/** Why a form is disabled, inside its disabled fieldset: a lock mark and the reason, in readable contrast. */
export function DisabledNote({
  id,
  label = "Unavailable",
  children,
}: {
  id: string;
  label?: string;
  children: ReactNode;
}) {
  return (
    <p className="disabled-note small" id={id}>
      <span className="badge">{label}</span> {children}
    </p>
  );
}
