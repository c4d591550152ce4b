// Settings → Sign-up: the owner opens or closes registration, sets approval, the waitlist's size and the schedule, decides
// on sign-ups, sees them by address and removes one address's, clears the waitlist in bulk, and issues players' personal
// links; plain forms (docs/decisions/029).
import { Form, Link } from "react-router";
import type { Route } from "./+types/signup-admin";
import { FailureAlert, failureOf, typed, useFailureToast } from "~/components/form-failure";
import { InputField, SelectField } from "~/components/form-fields";
import { AddressGroups } from "~/components/address-groups";
import { TournamentHeader } from "~/components/tournament-header";
import { EmptyState, useKeptActionData } from "~/components/ui";
import { samePage } from "~/lib/host-actions.server";
import { formFailure, invalid, runFormAction, unknownAction, screenAction, screenLoad } from "~/lib/page.server";
import { passLink } from "~/lib/pass.server";
import { publish } from "~/lib/events.server";
import { canManage } from "~/models/access/access.server";
import { badRequest, isActionError } from "~/models/errors";
import { addressCounts, instantToZoned, sharedAddresses, statusLabel } from "~/models/roster/signup";
import {
  clearWaitlistSchema,
  entryDecisionSchema,
  lobbyPasswordSchema,
  removeAddressSchema,
  signupSettingsSchema,
} from "~/models/roster/signup-input";
import { setLobbyPassword, staffLobbyDetails } from "~/models/rounds/lobby-details.server";
import { LOBBY_HOST_LABELS, LOBBY_HOST_RULES } from "~/models/rounds/lobby-details";
import {
  clearWaitlist,
  decideEntry,
  issuePass,
  listEntries,
  playersWithPasses,
  removeAddressSignups,
  updateSignupSettings,
} from "~/models/roster/signup.server";
import { signupSettingsOf } from "~/models/roster/signup-settings.server";
import { idParam } from "~/models/ids";
import { isReadOnly } from "~/models/access/policy";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `Sign-up - ${data.tournament.name} | Tournament Manager` : "Sign-up | Tournament Manager" },
];

export async function loader({ params, context, request }: Route.LoaderArgs) {
  const {
    tournament: t,
    user,
    db,
  } = await screenLoad(
    { params, context, request },
    { may: canManage, message: "Only the tournament's owner or a master administrator can manage sign-up" },
  );
  const [settings, entries, roster, lobbies] = await Promise.all([
    signupSettingsOf(db, t.id),
    listEntries(db, user, t.id),
    playersWithPasses(db, t.id),
    staffLobbyDetails(db, user, t.id),
  ]);
  const waiting = entries.filter((e) => e.status === "waitlisted" || e.status === "pending");
  const counts = addressCounts(entries);
  return {
    tournament: { id: t.id, name: t.name, status: t.status },
    settings: {
      isOpen: settings.isOpen,
      requireApproval: settings.requireApproval,
      waitlistCap: settings.waitlistCap,
      startsAt: settings.startsAt ? instantToZoned(settings.startsAt, settings.timeZone) : "",
      timeZone: settings.timeZone,
      checkinOpensBefore: settings.checkinOpensBefore,
      checkinClosesBefore: settings.checkinClosesBefore,
      lobbyHostRule: settings.lobbyHostRule,
      saveAgreedReports: settings.saveAgreedReports,
    },
    lobbies,
    entries: entries.map((e) => ({
      id: e.id,
      name: e.name,
      riotTag: e.riotTag,
      status: e.status,
      label: statusLabel(e.status, e.position, null),
      via: e.via,
      address: e.address,
      addressCount: counts.get(e.address) ?? 0,
    })),
    addresses: sharedAddresses(counts),
    waiting: waiting.length,
    roster,
  };
}

const INTENTS = ["open", "close", "settings", "decide", "clear", "remove-address", "issue-pass", "lobby-password"];

export async function action({ url, params, context, request }: Route.ActionArgs) {
  const { tournamentId, intent, values, input, db, user } = screenAction({ params, context });
  if (!intent || !INTENTS.includes(intent)) return unknownAction(input);
  const back = samePage(url);
  if (intent === "open" || intent === "close") {
    return runFormAction(
      { ...input, failureTitle: "Failed to update sign-up" },
      () => updateSignupSettings(db, user, tournamentId, { isOpen: intent === "open" }),
      () => ({
        redirectTo: back,
        toast: { title: intent === "open" ? "Registration opened" : "Registration closed" },
      }),
    );
  }
  if (intent === "settings") {
    const parsed = signupSettingsSchema.safeParse(values);
    if (!parsed.success) return invalid(intent, parsed.error, values, "Failed to update sign-up");
    return runFormAction(
      { ...input, failureTitle: "Failed to update sign-up" },
      () => updateSignupSettings(db, user, tournamentId, parsed.data),
      () => ({ redirectTo: back, toast: { title: "Sign-up updated" } }),
    );
  }
  if (intent === "clear") {
    const parsed = clearWaitlistSchema.safeParse(values);
    if (!parsed.success) return invalid(intent, parsed.error, values, "Failed to clear the waitlist");
    return runFormAction(
      { ...input, failureTitle: "Failed to clear the waitlist" },
      () => clearWaitlist(db, user, tournamentId, parsed.data.address || undefined),
      ({ cleared }) => ({
        redirectTo: back,
        toast: {
          title: "Waitlist cleared",
          description: `${cleared} waiting sign-up${cleared === 1 ? "" : "s"} removed.`,
        },
      }),
    );
  }
  if (intent === "remove-address") {
    const parsed = removeAddressSchema.safeParse(values);
    if (!parsed.success) return invalid(intent, parsed.error, values, "Failed to remove the sign-ups");
    return runFormAction(
      { ...input, failureTitle: "Failed to remove the sign-ups" },
      () => removeAddressSignups(db, user, tournamentId, parsed.data.address),
      ({ removed, kept }) => ({
        redirectTo: back,
        toast: {
          title: "Sign-ups removed",
          description:
            `${plural(removed.length, "sign-up")} from ${parsed.data.address} removed.` +
            (kept.length > 0 ? ` ${plural(kept.length, "player")} in play kept: drop them on their player page.` : ""),
        },
      }),
    );
  }
  const id = idParam(typeof values.id === "string" ? values.id : undefined);
  if (id === null) return formFailure(input, badRequest("invalid_input", "Invalid ID"));
  if (intent === "lobby-password") {
    const parsed = lobbyPasswordSchema.safeParse({ ...values, generate: values.generate === "true" });
    if (!parsed.success) return invalid(intent, parsed.error, values, "Failed to save the password");
    return runFormAction(
      { ...input, failureTitle: "Failed to save the password" },
      () => setLobbyPassword(db, user, id, parsed.data),
      (d) => ({
        redirectTo: `${back}#lobby-${d.lobbyId}`,
        toast: { title: "Lobby password saved", description: d.name },
      }),
    );
  }
  if (intent === "decide") {
    const parsed = entryDecisionSchema.safeParse(values);
    if (!parsed.success) return invalid(intent, parsed.error, values, "Failed to update sign-up");
    return runFormAction(
      { ...input, failureTitle: "Failed to update sign-up" },
      () => decideEntry(db, user, tournamentId, id, parsed.data.decision),
      (e) => ({ redirectTo: back, toast: { title: "Sign-up updated", description: `${e.name}: ${e.status}` } }),
    );
  }
  // A new link is shown once, in this answer (never in an address): only its hash is kept.
  try {
    const { result, events } = await issuePass(db, user, id);
    await publish(events);
    if (result.player.tournamentId !== tournamentId)
      return formFailure(input, badRequest("invalid_input", "Invalid ID"));
    return {
      issued: {
        playerId: result.player.id,
        name: `${result.player.name}#${result.player.riotTag}`,
        link: await passLink(request, context, tournamentId, result.pass),
      },
    };
  } catch (error) {
    if (isActionError(error)) return formFailure(input, error, { title: "Failed to issue link" });
    throw error;
  }
}

export default function SignupAdmin({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(latestActionData);
  useFailureToast(actionData);
  const { tournament: t, settings: s, entries, addresses, waiting, roster, lobbies } = loaderData;
  const settingsFailure = failureOf(actionData, "settings");
  const otherFailure = failureOf(
    actionData,
    "open",
    "close",
    "decide",
    "clear",
    "remove-address",
    "issue-pass",
    "lobby-password",
  );
  const issued = actionData && "issued" in actionData ? actionData.issued : null;
  // A completed tournament is read-only: its sign-up is shown, with no form that could only be refused (DECISIONS.md).
  const readOnly = isReadOnly(t);
  return (
    <div className="stack host-signup">
      <TournamentHeader title="Sign-up" tournament={t} canManage>
        <Link to={`/tournaments/${t.id}/settings`} className="btn">
          Tournament Settings
        </Link>
      </TournamentHeader>
      <FailureAlert failure={otherFailure} />
      {issued ? (
        <div className="alert success" role="status">
          <strong>Personal link for {issued.name}</strong>
          <div className="small">Give it to the player; any older link of theirs stops working now.</div>
          <p style={{ overflowWrap: "anywhere", margin: 0 }}>
            <code data-testid="issued-link">{issued.link}</code>
          </p>
        </div>
      ) : null}

      <section className="card" aria-labelledby="registration-heading">
        <h2 id="registration-heading">Registration</h2>
        <p>
          Registration is <strong>{s.isOpen ? "open" : "closed"}</strong>. Players sign up at{" "}
          <Link to={`/tournaments/${t.id}/join`}>/tournaments/{t.id}/join</Link>.
        </p>
        {readOnly ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value={s.isOpen ? "close" : "open"} />
            <button type="submit" className={s.isOpen ? "btn" : "btn primary"}>
              {s.isOpen ? "Close registration" : "Open registration"}
            </button>
          </Form>
        )}
      </section>

      <section className="card" aria-labelledby="signup-settings-heading">
        <h2 id="signup-settings-heading">Sign-up settings and schedule</h2>
        <FailureAlert failure={settingsFailure} />
        <Form method="post" noValidate>
          <fieldset className="host-plain-fieldset" disabled={readOnly}>
            <input type="hidden" name="intent" value="settings" />
            <SelectField
              id="signup-approval"
              name="requireApproval"
              label="Approve each sign-up"
              defaultValue={typed(settingsFailure, "requireApproval", String(s.requireApproval))}
            >
              <option value="false">No: sign-ups count at once</option>
              <option value="true">Yes: I approve each one</option>
            </SelectField>
            <InputField
              id="signup-waitlist"
              name="waitlistCap"
              type="number"
              min={0}
              max={1024}
              label="Waitlist size"
              defaultValue={typed(settingsFailure, "waitlistCap", String(s.waitlistCap))}
              error={settingsFailure?.fieldErrors.waitlistCap}
              errorId="signup-waitlist-error"
            />
            <InputField
              id="signup-starts"
              name="startsAt"
              type="datetime-local"
              label="Start (in the time zone below; empty for none)"
              defaultValue={typed(settingsFailure, "startsAt", s.startsAt)}
              error={settingsFailure?.fieldErrors.startsAt}
              errorId="signup-starts-error"
            />
            <InputField
              id="signup-zone"
              name="timeZone"
              label="Time zone"
              hint="A name like Europe/Paris, America/New_York or UTC"
              hintId="signup-zone-hint"
              defaultValue={typed(settingsFailure, "timeZone", s.timeZone)}
              error={settingsFailure?.fieldErrors.timeZone}
              errorId="signup-zone-error"
            />
            <InputField
              id="signup-opens"
              name="checkinOpensBefore"
              type="number"
              min={1}
              max={1440}
              label="Check-in opens (minutes before the start)"
              defaultValue={typed(settingsFailure, "checkinOpensBefore", String(s.checkinOpensBefore))}
              error={settingsFailure?.fieldErrors.checkinOpensBefore}
              errorId="signup-opens-error"
            />
            <InputField
              id="signup-closes"
              name="checkinClosesBefore"
              type="number"
              min={0}
              max={1439}
              label="Check-in closes (minutes before the start)"
              defaultValue={typed(settingsFailure, "checkinClosesBefore", String(s.checkinClosesBefore))}
              error={settingsFailure?.fieldErrors.checkinClosesBefore}
              errorId="signup-closes-error"
            />
            <SelectField
              id="signup-host-rule"
              name="lobbyHostRule"
              label="Lobby host (makes the in-game lobby)"
              defaultValue={typed(settingsFailure, "lobbyHostRule", s.lobbyHostRule)}
            >
              {LOBBY_HOST_RULES.map((rule) => (
                <option key={rule} value={rule}>
                  {LOBBY_HOST_LABELS[rule]}
                </option>
              ))}
            </SelectField>
            <SelectField
              id="signup-save-agreed"
              name="saveAgreedReports"
              label="Save agreed reports"
              defaultValue={typed(settingsFailure, "saveAgreedReports", String(s.saveAgreedReports))}
            >
              <option value="false">No: staff confirm agreed reports in one tap</option>
              <option value="true">Yes: save agreed reports at once</option>
            </SelectField>
            {readOnly ? null : (
              <button type="submit" className="btn primary">
                Save sign-up settings
              </button>
            )}
          </fieldset>
        </Form>
      </section>

      {lobbies.length > 0 ? (
        <section className="card" aria-labelledby="lobby-details-heading">
          <h2 id="lobby-details-heading">Lobby hosts and passwords (Round {lobbies[0].round})</h2>
          <p className="small">
            Each lobby's players see its host and password on their own page; spectators never do.
          </p>
          {lobbies.map((l) => (
            <div key={l.lobbyId} id={`lobby-${l.lobbyId}`} className="stack" style={{ marginBottom: "1rem" }}>
              <h3 style={{ margin: 0 }}>{l.name}</h3>
              <p style={{ margin: 0 }}>
                Host: {l.host ? `${l.host.name}#${l.host.riotTag}` : "—"}. Password:{" "}
                {l.password ? <code>{l.password}</code> : "none"}
              </p>
              {readOnly ? null : (
                <Form method="post" className="row">
                  <input type="hidden" name="intent" value="lobby-password" />
                  <input type="hidden" name="id" value={l.lobbyId} />
                  <InputField
                    id={`lobby-password-${l.lobbyId}`}
                    name="password"
                    label={`${l.name} password`}
                    maxLength={40}
                    autoComplete="off"
                    defaultValue={l.password ?? ""}
                  />
                  <button type="submit" className="btn">
                    Save password
                  </button>
                  <button
                    type="submit"
                    name="generate"
                    value="true"
                    className="btn"
                    aria-label={`Generate a password for ${l.name}`}
                  >
                    Generate
                  </button>
                </Form>
              )}
            </div>
          ))}
        </section>
      ) : null}

      <section className="card" aria-labelledby="entries-heading">
        <h2 id="entries-heading">Sign-ups</h2>
        {entries.length === 0 ? (
          <EmptyState title="No sign-ups yet">Players who sign up appear here, in order.</EmptyState>
        ) : (
          <div className="table-wrap">
            <table>
              <thead>
                <tr>
                  <th scope="col">Player</th>
                  <th scope="col">Status</th>
                  <th scope="col">Address</th>
                  <th scope="col">Actions</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id}>
                    <td>
                      {e.name}#{e.riotTag}
                    </td>
                    <td>
                      {e.label}
                      {e.via === "promoted" && e.status === "registered" ? " (promoted)" : ""}
                    </td>
                    <td>
                      {e.address || "—"}
                      {e.addressCount > 1 ? <span className="small"> ({e.addressCount} sign-ups)</span> : null}
                    </td>
                    <td>
                      <div className="row">
                        {!readOnly && e.status === "pending" ? (
                          <>
                            <DecideButton id={e.id} decision="approve" label={`Approve ${e.name}`} text="Approve" />
                            <DecideButton id={e.id} decision="decline" label={`Decline ${e.name}`} text="Decline" />
                          </>
                        ) : null}
                        {!readOnly &&
                        (e.status === "pending" || e.status === "waitlisted" || e.status === "registered") ? (
                          <DecideButton id={e.id} decision="remove" label={`Remove ${e.name}`} text="Remove" />
                        ) : null}
                      </div>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      <AddressGroups addresses={addresses} readOnly={readOnly} />

      <section className="card" aria-labelledby="clear-heading">
        <h2 id="clear-heading">Clear the waitlist</h2>
        <p className="small">
          {waiting} sign-up{waiting === 1 ? "" : "s"} waiting (waitlisted or awaiting approval).
        </p>
        {readOnly ? null : (
          <Form method="post">
            <input type="hidden" name="intent" value="clear" />
            <button type="submit" className="btn danger">
              Clear all waiting sign-ups
            </button>
          </Form>
        )}
      </section>

      <section className="card" aria-labelledby="passes-heading">
        <h2 id="passes-heading">Players' personal links</h2>
        <p className="small">
          A link is shown once, when it is made: only its hash is kept. Making a new one stops the old one at once.
        </p>
        {roster.length === 0 ? (
          <EmptyState title="No players yet" />
        ) : (
          <ul className="stack" style={{ listStyle: "none", padding: 0 }}>
            {roster.map((p) => (
              <li key={p.id} className="row between">
                <span>
                  {p.name}#{p.riotTag}
                </span>
                {readOnly ? null : (
                  <Form method="post">
                    <input type="hidden" name="intent" value="issue-pass" />
                    <input type="hidden" name="id" value={p.id} />
                    <button
                      type="submit"
                      className="btn"
                      aria-label={`${p.hasPass ? "Replace link" : "Make link"} for ${p.name}`}
                    >
                      {p.hasPass ? "Replace link" : "Make link"}
                    </button>
                  </Form>
                )}
              </li>
            ))}
          </ul>
        )}
      </section>
    </div>
  );
}

const plural = (n: number, word: string) => `${n} ${word}${n === 1 ? "" : "s"}`;

function DecideButton({ id, decision, label, text }: { id: number; decision: string; label: string; text: string }) {
  return (
    <Form method="post">
      <input type="hidden" name="intent" value="decide" />
      <input type="hidden" name="id" value={id} />
      <input type="hidden" name="decision" value={decision} />
      <button type="submit" className={decision === "approve" ? "btn primary" : "btn"} aria-label={label}>
        {text}
      </button>
    </Form>
  );
}
