// Settings → Webhooks: the tournament's endpoints (add, edit, enable or disable, delete, rotate the secret, send a test event) and each one's delivery log; plain forms that work without JavaScript.
import { data, Form, Link } from "react-router";
import type { Route } from "./+types/webhooks";
import { FailureAlert, failureOf, typed, useFailureToast } from "~/components/form-failure";
import { InputField, SelectField, SubmitButton } from "~/components/form-fields";
import { TournamentHeader } from "~/components/tournament-header";
import { EmptyState, FieldError, useKeptActionData } from "~/components/ui";
import { samePage } from "~/lib/host-actions.server";
import { readReveal, revealHeader } from "~/lib/reveal.server";
import {
  formFailure,
  invalid,
  runFormAction,
  unknownAction,
  type FormFailure,
  screenAction,
  screenLoad,
} from "~/lib/page.server";
import { wakeWebhookWorker } from "~/lib/webhook-worker.server";
import { canManage } from "~/models/access/access.server";
import { badRequest } from "~/models/errors";
import { idParam } from "~/models/ids";
import { webhookCreateSchema, webhookUpdateSchema } from "~/models/audit/webhook-input";
import {
  MAX_ENDPOINTS,
  WEBHOOK_EVENT_NAMES,
  WEBHOOK_EVENTS,
  WEBHOOK_KINDS,
  type WebhookEvent,
} from "~/models/audit/webhooks";
import {
  createWebhook,
  deleteWebhook,
  deliveryLogOf,
  listWebhooks,
  rotateWebhookSecret,
  sendTestEvent,
  updateWebhook,
} from "~/models/audit/webhooks.server";
import { WEBHOOKS_FORBIDDEN } from "~/models/messages";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

/** How many attempts each endpoint's log shows on the page (the API gives 50). */
const PAGE_LOG = 10;

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Webhooks - ${data.tournament.name} | Tournament Manager` : "Webhooks | Tournament Manager" },
];

const iso = (d: Date | null) => (d ? new Date(d).toISOString() : null);

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const {
    tournament: t,
    user,
    db,
  } = await screenLoad({ params, context, request }, { may: canManage, message: WEBHOOKS_FORBIDDEN });
  const endpoints = await listWebhooks(db, user, t.id);
  const logs = await Promise.all(endpoints.map((e) => deliveryLogOf(db, e.id, PAGE_LOG)));
  // A secret just made (added endpoint, rotated secret) is shown on this one load, then never again.
  const { reveal, clear } = await readReveal(request, t.id);
  const shown = reveal && endpoints.some((e) => e.id === reveal.webhookId) ? reveal : null;
  const page = {
    tournament: { id: t.id, name: t.name, status: t.status },
    endpoints: endpoints.map((e, i) => ({
      id: e.id,
      url: e.url,
      kind: e.kind,
      events: e.events,
      newSecret: shown?.webhookId === e.id ? shown.secret : null,
      enabled: e.enabled,
      disabledReason: e.disabledReason,
      consecutiveFailures: e.consecutiveFailures,
      lastSuccessAt: iso(e.lastSuccessAt),
      pending: logs[i].pending,
      attempts: logs[i].attempts.map((a) => ({
        id: a.id,
        at: iso(a.at)!,
        event: a.event,
        attempt: a.attempt,
        ok: a.ok,
        statusCode: a.statusCode,
        latencyMs: a.latencyMs,
        error: a.error,
      })),
    })),
  };
  return clear ? data(page, { headers: { "Set-Cookie": clear, "Cache-Control": "no-store" } }) : page;
}

const INTENTS = [
  "add-webhook",
  "edit-webhook",
  "enable-webhook",
  "disable-webhook",
  "delete-webhook",
  "rotate-secret",
  "test-webhook",
];

export async function action({ url, params, context, request }: Route.ActionArgs) {
  const { tournamentId, intent, values, input, db, user } = screenAction({ params, context });
  if (!intent || !INTENTS.includes(intent)) return unknownAction(input);
  const back = samePage(url);
  if (intent === "add-webhook") {
    const title = "Failed to add webhook";
    const parsed = webhookCreateSchema.safeParse(values);
    if (!parsed.success) return invalid(intent, parsed.error, values, title);
    return runFormAction(
      { ...input, failureTitle: title },
      async () => {
        const done = await createWebhook(db, user, tournamentId, parsed.data);
        // The worker skips looking while no endpoint exists: the new one's first delivery must not wait for its poll.
        wakeWebhookWorker();
        return done;
      },
      async (e) => ({
        redirectTo: `${back}#webhook-${e.id}`,
        toast: { title: "Webhook added", description: "Copy its signing secret now: it is shown only once." },
        setCookie: await revealHeader(request, tournamentId, { webhookId: e.id, secret: e.secret }),
      }),
    );
  }
  const webhookId = idParam(typeof values.webhookId === "string" ? values.webhookId : undefined);
  if (webhookId === null) return formFailure(input, badRequest("invalid_input", "Invalid webhook ID"));
  const to = `${back}#webhook-${webhookId}`;
  if (intent === "edit-webhook") {
    const title = "Failed to update webhook";
    // An edit form always sends its events: none ticked is a refusal, not "unchanged".
    const parsed = webhookUpdateSchema.safeParse({ ...values, events: values.events ?? [] });
    if (!parsed.success) return invalid(intent, parsed.error, values, title);
    return runFormAction(
      { ...input, failureTitle: title },
      () =>
        updateWebhook(db, user, webhookId, {
          url: parsed.data.url,
          kind: parsed.data.kind,
          events: parsed.data.events,
        }),
      () => ({
        redirectTo: to,
        toast: { title: "Webhook updated", description: "The changes apply to the next event." },
      }),
    );
  }
  if (intent === "enable-webhook" || intent === "disable-webhook") {
    const enabled = intent === "enable-webhook";
    return runFormAction(
      { ...input, failureTitle: "Failed to update webhook" },
      async () => {
        const done = await updateWebhook(db, user, webhookId, { enabled });
        wakeWebhookWorker();
        return done;
      },
      () => ({
        redirectTo: to,
        toast: enabled
          ? { title: "Webhook enabled", description: "Deliveries start again with the next event." }
          : { title: "Webhook disabled", description: "Queued deliveries were dropped." },
      }),
    );
  }
  if (intent === "delete-webhook") {
    return runFormAction(
      { ...input, failureTitle: "Failed to delete webhook" },
      () => deleteWebhook(db, user, webhookId),
      () => ({
        redirectTo: back,
        toast: { title: "Webhook deleted", description: "Its deliveries and log are gone." },
      }),
    );
  }
  if (intent === "rotate-secret") {
    return runFormAction(
      { ...input, failureTitle: "Failed to rotate secret" },
      () => rotateWebhookSecret(db, user, webhookId),
      async (e) => ({
        redirectTo: to,
        toast: { title: "Secret rotated", description: "Every delivery from now on is signed with the new secret." },
        setCookie: await revealHeader(request, tournamentId, { webhookId: e.id, secret: e.secret }),
      }),
    );
  }
  return runFormAction(
    { ...input, failureTitle: "Failed to send test event" },
    async () => {
      const done = await sendTestEvent(db, user, webhookId);
      wakeWebhookWorker();
      return done;
    },
    () => ({
      redirectTo: to,
      toast: { title: "Test event queued", description: "Reload in a moment to see it in the delivery log." },
    }),
  );
}

type Endpoint = Route.ComponentProps["loaderData"]["endpoints"][number];

/** "2026-11-23 13:45:02 UTC": the same text on the server and in the browser. */
function formatWhen(iso: string) {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

export default function Webhooks({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(latestActionData);
  useFailureToast(actionData);
  const { tournament: t, endpoints } = loaderData;
  const addFailure = failureOf(actionData, "add-webhook");
  const full = endpoints.length >= MAX_ENDPOINTS;
  return (
    <div className="stack host-webhooks">
      <TournamentHeader title="Webhooks" tournament={t} canManage>
        <Link to={`/tournaments/${t.id}/settings`} className="btn">
          Tournament Settings
        </Link>
      </TournamentHeader>

      <section className="card" aria-labelledby="webhooks-about">
        <h2 id="webhooks-about">About webhooks</h2>
        <p className="small">
          Each endpoint receives the events you choose as signed JSON (Standard Webhooks: headers{" "}
          <code>webhook-id</code>, <code>webhook-timestamp</code> and <code>webhook-signature</code>), or, for a Discord
          channel webhook, a readable message with the standings after each finalized round and at completion. Failed
          deliveries are retried for 24 hours, in order; an endpoint that keeps failing for 24 hours is disabled and
          noted here and in the History.
        </p>
      </section>

      {endpoints.length === 0 ? (
        <EmptyState title="No webhooks yet">Add an endpoint below to have events sent to it.</EmptyState>
      ) : (
        endpoints.map((e) => <EndpointCard key={e.id} endpoint={e} actionData={actionData} />)
      )}

      <section className="card" aria-labelledby="webhook-add-title">
        <h2 id="webhook-add-title">Add Endpoint</h2>
        {full ? (
          <p className="small">
            This tournament has {MAX_ENDPOINTS} endpoints, the most it can have. Delete one first.
          </p>
        ) : (
          <Form method="post" aria-label="Add webhook" noValidate key={addFailure ? "typed" : endpoints.length}>
            <input type="hidden" name="intent" value="add-webhook" />
            <FailureAlert failure={addFailure} />
            <EndpointFields prefix="new" failure={addFailure} />
            <SubmitButton intent="add-webhook" pendingLabel="Adding..." className="btn primary">
              Add Endpoint
            </SubmitButton>
          </Form>
        )}
      </section>
    </div>
  );
}

/** URL, kind and events: the add form's fields, and an endpoint's edit form's. */
function EndpointFields({
  prefix,
  failure,
  current,
}: {
  prefix: string;
  failure: FormFailure | null;
  current?: { url: string; kind: string; events: readonly string[] };
}) {
  const errors = failure?.fieldErrors ?? {};
  const typedEvents = failure?.values?.events;
  const ticked = failure
    ? new Set(Array.isArray(typedEvents) ? typedEvents : typedEvents ? [typedEvents] : [])
    : new Set(current?.events ?? ["round.finalized", "tournament.completed"]);
  return (
    <>
      <InputField
        id={`${prefix}-url`}
        name="url"
        type="url"
        label="Endpoint URL"
        hint="http:// or https://, at most 2,000 characters; a Discord channel's webhook URL for the Discord kind"
        autoComplete="off"
        inputMode="url"
        defaultValue={typed(failure, "url", current?.url ?? "")}
        error={errors.url}
        errorId={`${prefix}-url-error`}
      />
      <SelectField
        id={`${prefix}-kind`}
        name="kind"
        label="Kind"
        defaultValue={typed(failure, "kind", current?.kind ?? "standard")}
        error={errors.kind}
        errorId={`${prefix}-kind-error`}
      >
        {Object.entries(WEBHOOK_KINDS).map(([value, label]) => (
          <option key={value} value={value}>
            {label}
          </option>
        ))}
      </SelectField>
      <fieldset aria-describedby={errors.events ? `${prefix}-events-error` : undefined}>
        <legend>Events</legend>
        {WEBHOOK_EVENT_NAMES.map((name) => (
          <label key={name} className="checkbox">
            <input type="checkbox" name="events" value={name} defaultChecked={ticked.has(name)} />
            <span>
              {WEBHOOK_EVENTS[name]} <code className="muted small">{name}</code>
              {name === "stage.changed" ? <span className="muted small"> (once tournaments have stages)</span> : null}
            </span>
          </label>
        ))}
        <FieldError id={`${prefix}-events-error`} message={errors.events} />
      </fieldset>
    </>
  );
}

/** One endpoint: its state, secret, the buttons, the edit form and its delivery log. */
function EndpointCard({ endpoint: e, actionData }: { endpoint: Endpoint; actionData: unknown }) {
  const failure = failureOf(actionData);
  const mine = failure && typed(failure, "webhookId") === String(e.id) ? failure : null;
  const editFailure = mine?.intent === "edit-webhook" ? mine : null;
  const otherFailure = mine && mine.intent !== "edit-webhook" ? mine : null;
  const titleId = `webhook-${e.id}-title`;
  const hidden = (intent: string) => (
    <>
      <input type="hidden" name="intent" value={intent} />
      <input type="hidden" name="webhookId" value={e.id} />
    </>
  );
  return (
    <section className="card host-webhook" id={`webhook-${e.id}`} aria-labelledby={titleId} tabIndex={-1}>
      <div className="row between">
        <h2 id={titleId} className="webhook-url">
          {e.url}
        </h2>
        <span className={`badge ${e.enabled ? "success" : "danger"}`}>{e.enabled ? "Enabled" : "Disabled"}</span>
      </div>
      <FailureAlert failure={otherFailure} />
      {e.disabledReason ? (
        <div className={`alert ${e.enabled ? "" : "warning"}`} role="note">
          {e.disabledReason}
        </div>
      ) : null}
      <dl className="webhook-facts small">
        <dt>Kind</dt>
        <dd>{WEBHOOK_KINDS[e.kind]}</dd>
        <dt>Events</dt>
        <dd>{e.events.map((name) => WEBHOOK_EVENTS[name as WebhookEvent] ?? name).join(", ")}</dd>
        <dt>Waiting</dt>
        <dd>
          {e.pending} {e.pending === 1 ? "delivery" : "deliveries"}
        </dd>
        {e.consecutiveFailures > 0 ? (
          <>
            <dt>Failed attempts in a row</dt>
            <dd>{e.consecutiveFailures}</dd>
          </>
        ) : null}
        <dt>Last success</dt>
        <dd>{e.lastSuccessAt ? <time dateTime={e.lastSuccessAt}>{formatWhen(e.lastSuccessAt)}</time> : "never"}</dd>
      </dl>
      {e.newSecret ? (
        <div className="alert success webhook-new-secret" role="status">
          <h3>Signing secret</h3>
          <p className="small">
            Copy it now: it is shown only once. Verify each delivery's <code>webhook-signature</code> with it (any
            Standard Webhooks library does it). Lost it? Rotate the secret to get a new one.
          </p>
          <code className="webhook-secret">{e.newSecret}</code>
        </div>
      ) : (
        <p className="small muted">
          Signing secret: shown only when it is made. Rotate secret to get a new one (the old one stops working).
        </p>
      )}
      <div className="row">
        {e.enabled ? (
          <Form method="post" className="inline-form">
            {hidden("test-webhook")}
            <button type="submit" className="btn small">
              Send test event
            </button>
          </Form>
        ) : null}
        <Form method="post" className="inline-form">
          {hidden("rotate-secret")}
          <button type="submit" className="btn small">
            Rotate secret
          </button>
        </Form>
        <Form method="post" className="inline-form">
          {hidden(e.enabled ? "disable-webhook" : "enable-webhook")}
          <button type="submit" className="btn small">
            {e.enabled ? "Disable" : "Enable"}
          </button>
        </Form>
        <Form method="post" className="inline-form">
          {hidden("delete-webhook")}
          <button type="submit" className="btn small danger" aria-label={`Delete the webhook to ${e.url}`}>
            Delete
          </button>
        </Form>
      </div>
      <details open={editFailure !== null}>
        <summary>Edit endpoint</summary>
        <Form method="post" aria-label={`Edit the webhook to ${e.url}`} noValidate>
          {hidden("edit-webhook")}
          <FailureAlert failure={editFailure} />
          <EndpointFields prefix={`edit-${e.id}`} failure={editFailure} current={e} />
          <button type="submit" className="btn">
            Save Endpoint
          </button>
        </Form>
      </details>
      <h3>Delivery log</h3>
      {e.attempts.length === 0 ? (
        <p className="small muted">No attempts yet.</p>
      ) : (
        <div className="table-wrap" role="region" aria-label={`Delivery log of the webhook to ${e.url}`} tabIndex={0}>
          <table className="webhook-log">
            <thead>
              <tr>
                <th scope="col">Time</th>
                <th scope="col">Event</th>
                <th scope="col">Status</th>
                <th scope="col">Latency</th>
                <th scope="col">Attempt</th>
                <th scope="col">Error</th>
              </tr>
            </thead>
            <tbody>
              {e.attempts.map((a) => (
                <tr key={a.id} data-ok={a.ok}>
                  <td>
                    <time dateTime={a.at}>{formatWhen(a.at)}</time>
                  </td>
                  <td>
                    <code>{a.event}</code>
                  </td>
                  <td>{a.statusCode ?? (a.ok ? "" : "no answer")}</td>
                  <td>{a.latencyMs} ms</td>
                  <td>{a.attempt}</td>
                  <td className="webhook-error">{a.error ?? (a.ok ? "OK" : "")}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </section>
  );
}
