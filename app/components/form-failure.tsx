// A refused form on the page: whether the answer is this form's, what the user typed, the alert and docs/rules.md's toast.
import { useEffect } from "react";
import { formFailureSummary } from "~/lib/error-screen";
import type { FormFailure } from "~/lib/page.server";
import { useToast } from "./toast";
import type { ToastMessage } from "~/lib/live-constants";
import { FormError } from "./ui";

/** The refused action's answer when it belongs to this form (several forms share a page). */
export function failureOf(actionData: unknown, ...intents: string[]): FormFailure | null {
  if (!actionData || typeof actionData !== "object") return null;
  const failure = actionData as Partial<FormFailure>;
  if (failure.ok !== false) return null;
  if (intents.length > 0 && !intents.includes(failure.intent ?? "")) return null;
  return failure as FormFailure;
}

/** A string the user typed, for refilling a refused form. */
export function typed(failure: FormFailure | null, name: string, fallback = ""): string {
  const value = failure?.values?.[name];
  if (Array.isArray(value)) return String(value[value.length - 1] ?? fallback);
  return typeof value === "string" || typeof value === "number" ? String(value) : fallback;
}

/** docs/rules.md's error toast for a refused action. */
export function failureToast(failure: FormFailure, description = failure.error): ToastMessage {
  return { type: "error", title: failure.title ?? "Error", description };
}

/**
 * With JavaScript, a refused action also pops docs/rules.md's error toast; the page shows the alert either
 * way. `quiet` names refusals that need no toast; `fixedText`, the toast's own text for refusals whose toast the
 * catalogue words itself instead of the server's message (both module-level functions, so they stay the same).
 */
export function useFailureToast(
  actionData: unknown,
  quiet?: (failure: FormFailure) => boolean,
  fixedText?: (failure: FormFailure) => string | undefined,
) {
  const show = useToast();
  useEffect(() => {
    const failure = failureOf(actionData);
    if (failure && !quiet?.(failure)) show(failureToast(failure, fixedText?.(failure) ?? failure.error));
  }, [actionData, show, quiet, fixedText]);
}

/** Whether every message of a refusal belongs to one of `fields`, the fields a form shows their message beside. */
export function besideFields(failure: FormFailure, fields: readonly string[]): boolean {
  const keys = Object.keys(failure.fieldErrors ?? {});
  return keys.length > 0 && keys.every((key) => fields.includes(key));
}

/** The alert at the top of a form: docs/rules.md's failure title with the server's message. */
export function FailureAlert({ failure, fields }: { failure: FormFailure | null; fields?: readonly string[] }) {
  if (!failure) return null;
  // A form that shows each field's message beside it (`fields`: the ones it shows) gets one summary here instead of
  // the same message twice (docs/rules.md "Host flows": each message once; such a form's page pops no toast either).
  if (fields && besideFields(failure, fields)) {
    const summary = formFailureSummary(failure, failure.title ?? "Error");
    return <FormError title={summary.title} message={summary.message} />;
  }
  return <FormError title={failure.title} message={failure.error} />;
}
