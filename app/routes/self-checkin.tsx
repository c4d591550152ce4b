// Player self check-in (public, no login): a registered player picks their name (or types Name#Tag), gives their exact game
// tag and the code read out on stream, and is checked in (or takes their check-in back).
import { Form, Link } from "react-router";
import type { Route } from "./+types/self-checkin";
import { retryAfterOf } from "~/lib/retry-after";
import { FailureAlert, failureOf, failureToast, typed, useFailureToast } from "~/components/form-failure";
import { InputField, SelectField } from "~/components/form-fields";
import { StatCard, useKeptActionData } from "~/components/ui";
import { CHECKIN_FAILED } from "~/lib/host-actions.server";
import { invalid, loadSnapshotFromParams, readForm, runFormAction, tournamentIdOrThrow } from "~/lib/page.server";
import { parsePositiveInt } from "~/lib/params";
import { tournamentPageCache } from "~/lib/public-cache.server";
import { clientAddress } from "~/lib/session.server";
import { CODE_LENGTH } from "~/models/roster/self-checkin";
import { selfCheckinSchema } from "~/models/roster/self-checkin-input";
import { closedRefusal, selfCheckin } from "~/models/roster/self-checkin.server";
import { activeSelfCheckin } from "~/models/roster/self-checkin-state.server";
import { dbContext } from "~/lib/context";
import { withoutReactHandle } from "~/lib/lite-page";
import { pageReader } from "~/lib/share.server";
import { findReadableTournament } from "~/models/access/share.server";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ loaderData }) => [
  {
    title: loaderData
      ? `Check-in - ${loaderData.tournament.name} | Tournament Manager`
      : "Check-in | Tournament Manager",
  },
];

// One answer per tournament version for visitors: opening or closing self check-in, and every check-in, bump it.
export const middleware: Route.MiddlewareFunction[] = [tournamentPageCache];
export const handle = withoutReactHandle;

// A 429 (too many sign-ups or tries from this address) says how long to wait, as the API's does.
export const headers: Route.HeadersFunction = retryAfterOf;

export async function loader({ params, url, context, request }: Route.LoaderArgs) {
  const snapshot = await loadSnapshotFromParams({ context, request }, params.tournamentId);
  const { tournament: t, players, lobbies } = snapshot.data;
  const open = (await activeSelfCheckin(context.get(dbContext), t)) !== null;
  const inPlay = players.filter((p) => p.removedAt === null);
  // Names only: the game tag is what the player proves themselves with, so the form never offers it.
  const choices = inPlay
    .filter((p) => !p.isEliminated)
    .map((p) => ({ id: p.id, label: p.isCheckedIn ? `${p.name} (checked in)` : p.name }))
    .sort((a, b) => a.label.localeCompare(b.label));
  // The confirmation after a successful check-in or out (post/redirect/get), read from the data, never from the URL alone.
  const doneId = parsePositiveInt(url.searchParams.get("checkedIn"));
  const done = doneId === null ? undefined : inPlay.find((p) => p.id === doneId && p.isCheckedIn);
  const outId = parsePositiveInt(url.searchParams.get("checkedOut"));
  const out = outId === null ? undefined : inPlay.find((p) => p.id === outId && !p.isCheckedIn);
  return {
    tournament: { id: t.id, name: t.name, status: t.status, maxPlayers: t.maxPlayers },
    closed: closedRefusal(t, lobbies.length > 0, open)?.message ?? null,
    checkedIn: inPlay.filter((p) => p.isCheckedIn && !p.isEliminated).length,
    choices: open ? choices : [],
    confirmed: done ? done.name : null,
    checkedOut: out ? out.name : null,
  };
}

export async function action({ params, request, context }: Route.ActionArgs) {
  const tournamentId = tournamentIdOrThrow(params.tournamentId);
  const { intent, values } = readForm(context);
  // What the player typed comes back with a refusal, except the code and the tag.
  const kept = { playerId: values.playerId };
  const parsed = selfCheckinSchema.safeParse(values);
  if (!parsed.success) return invalid(intent, parsed.error, kept, "Check-in failed");
  const db = context.get(dbContext);
  const address = await clientAddress(request, context);
  return runFormAction(
    { intent, values: kept, failureTitle: CHECKIN_FAILED },
    async () => {
      await findReadableTournament(db, pageReader(context, request, tournamentId), tournamentId);
      return selfCheckin(db, tournamentId, parsed.data, address);
    },
    ({ player, action, unchanged }) => ({
      redirectTo: `/tournaments/${tournamentId}/check-in?${action === "checkin" ? "checkedIn" : "checkedOut"}=${player.id}`,
      toast: {
        title: "Check-in Updated",
        description: `${player.name} ${unchanged ? "was already" : "is"} ${action === "checkin" ? "checked in" : "checked out"}.`,
      },
    }),
  );
}

export default function SelfCheckin({ loaderData, actionData: latestActionData }: Route.ComponentProps) {
  const actionData = useKeptActionData(latestActionData);
  const { tournament: t, closed, checkedIn, choices, confirmed, checkedOut } = loaderData;
  const failure = failureOf(actionData);
  useFailureToast(actionData);
  return (
    <div className="stack self-checkin">
      <header>
        <h1>Player Check-in</h1>
        <p className="muted" style={{ margin: 0, overflowWrap: "anywhere" }}>
          {t.name}
        </p>
      </header>

      {confirmed ? (
        <div className="alert success" role="status">
          <strong>You're checked in</strong>
          <div>{confirmed} is checked in. Good luck!</div>
        </div>
      ) : null}
      {checkedOut ? (
        <div className="alert success" role="status">
          <strong>You're checked out</strong>
          <div>{checkedOut} is no longer checked in.</div>
        </div>
      ) : null}

      <section className="grid cols-2" aria-label="Check-in status">
        <StatCard label="Checked In" value={`${checkedIn}/${t.maxPlayers}`} />
        <StatCard label="Remaining Spots" value={Math.max(0, t.maxPlayers - checkedIn)} />
      </section>

      {closed ? (
        <div className="alert warning" role="note">
          <strong>Check-in closed</strong>
          <div>{closed}</div>
        </div>
      ) : (
        <section className="card" aria-labelledby="self-checkin-heading">
          <h2 id="self-checkin-heading">Check yourself in</h2>
          <FailureAlert failure={failure} />
          {/* The page ships no React: its inline script shows this as the toast useFailureToast shows elsewhere. */}
          {failure ? <template data-toast={JSON.stringify(failureToast(failure))} /> : null}
          <Form method="post" className="self-checkin-form">
            <input type="hidden" name="intent" value="self-checkin" />
            <SelectField
              id="self-checkin-player"
              name="playerId"
              label="Your name"
              defaultValue={typed(failure, "playerId")}
              error={failure?.fieldErrors.playerId}
              errorId="self-checkin-player-error"
            >
              <option value="">Choose your name</option>
              {choices.map((p) => (
                <option key={p.id} value={p.id}>
                  {p.label}
                </option>
              ))}
            </SelectField>
            <InputField
              id="self-checkin-tag"
              name="riotTag"
              label="Your game tag"
              hint="Exactly as you registered it (the part after #), to show it is you"
              hintId="self-checkin-tag-hint"
              autoComplete="off"
              spellCheck={false}
              maxLength={50}
              error={failure?.fieldErrors.riotTag}
              errorId="self-checkin-tag-error"
            />
            <InputField
              id="self-checkin-name-tag"
              name="nameTag"
              label="Or type it as Name#Tag"
              placeholder="Name#NA1"
              autoComplete="off"
              maxLength={100}
              error={failure?.fieldErrors.nameTag}
              errorId="self-checkin-name-tag-error"
            />
            <InputField
              id="self-checkin-code"
              name="code"
              label="Check-in code"
              hint={`The ${CODE_LENGTH}-character code the host reads out on stream`}
              hintId="self-checkin-code-hint"
              required
              autoComplete="off"
              autoCapitalize="characters"
              spellCheck={false}
              maxLength={20}
              className="self-checkin-code"
              error={failure?.fieldErrors.code}
              errorId="self-checkin-code-error"
            />
            <div className="row">
              <button type="submit" name="action" value="checkin" className="btn primary">
                Check In
              </button>
              <button type="submit" name="action" value="checkout" className="btn">
                Check Out
              </button>
            </div>
          </Form>
        </section>
      )}

      <div className="row">
        <Link to={`/tournaments/${t.id}/public`} className="btn">
          Public View
        </Link>
      </div>
    </div>
  );
}
