// History: the tournament's audit trail for its owner and masters, newest first, with filters in a GET form (works without JavaScript) and pages.
import { Form, Link } from "react-router";
import type { Route } from "./+types/history";
import { TournamentHeader } from "~/components/tournament-header";
import { EmptyState } from "~/components/ui";
import { screenLoad } from "~/lib/page.server";
import { canManage, canSeeHistory, isMaster } from "~/models/access/access.server";
import { auditActionLabel, changeLines, isAuditAction } from "~/models/audit/audit";
import { historyChoices, listHistory } from "~/models/audit/audit.server";
import { HISTORY_FORBIDDEN } from "~/models/messages";
import { firstError } from "~/lib/form";
import { historyFiltersSchema, type HistoryFilters } from "~/models/audit/audit-input";

export { TournamentErrorBoundary as ErrorBoundary } from "~/components/route-error";

export const meta: Route.MetaFunction = ({ data }) => [
  { title: data ? `History - ${data.tournament.name} | Tournament Manager` : "History | Tournament Manager" },
];

export async function loader({ params, context, url, request }: Route.LoaderArgs) {
  const {
    tournament: t,
    user,
    db,
  } = await screenLoad({ params, context, request }, { may: canSeeHistory, message: HISTORY_FORBIDDEN });
  // A malformed filter (a hand-edited address) shows its message and the unfiltered history.
  const parsed = historyFiltersSchema.safeParse(Object.fromEntries(url.searchParams));
  let filters: HistoryFilters = parsed.success ? parsed.data : {};
  let filterError = parsed.success ? null : firstError(parsed.error);
  if (filters.action !== undefined && !isAuditAction(filters.action)) {
    filterError = "Unknown action kind";
    filters = { ...filters, action: undefined };
  }
  const [history, choices] = await Promise.all([listHistory(db, user, t.id, filters), historyChoices(db, user, t.id)]);
  return {
    tournament: { id: t.id, name: t.name, status: t.status },
    canManage: canManage(user, t),
    isMaster: isMaster(user),
    filters: {
      action: filters.action ?? "",
      actor: filters.actor ?? "",
      round: filters.round ? String(filters.round) : "",
    },
    filterError,
    choices,
    page: history.page,
    pageCount: history.pageCount,
    total: history.total,
    entries: history.entries.map((e) => ({
      id: e.id,
      when: new Date(e.createdAt).toISOString(),
      who: e.actorUsername,
      role: e.actorRole,
      action: e.action,
      summary: e.summary,
      roundNumber: e.roundNumber,
      reason: e.reason,
      changes: changeLines(e.before, e.after),
    })),
  };
}

const ROLE_LABELS: Record<string, string> = {
  owner: "Owner",
  master: "Master",
  scorekeeper: "Scorekeeper",
  system: "Server",
};

/** "2026-11-23 13:45 UTC": the same text on the server and in the browser. */
function formatWhen(iso: string) {
  return `${iso.slice(0, 10)} ${iso.slice(11, 19)} UTC`;
}

export default function History({ loaderData }: Route.ComponentProps) {
  const { tournament: t, filters, choices, entries, page, pageCount, total } = loaderData;
  const base = `/tournaments/${t.id}/history`;
  const pageHref = (n: number) => {
    const query = new URLSearchParams();
    if (filters.action) query.set("action", filters.action);
    if (filters.actor) query.set("actor", filters.actor);
    if (filters.round) query.set("round", filters.round);
    if (n > 1) query.set("page", String(n));
    const text = query.toString();
    return text ? `${base}?${text}` : base;
  };
  const filtered = !!(filters.action || filters.actor || filters.round);
  return (
    <div className="stack host-history">
      <TournamentHeader title="History" tournament={t} canManage={loaderData.canManage}>
        <Link to={`/tournaments/${t.id}/settings`} className="btn">
          Tournament Settings
        </Link>
        {loaderData.isMaster ? (
          <Link to={`/tournaments/${t.id}/master-override?tab=system`} className="btn">
            Master Override
          </Link>
        ) : null}
      </TournamentHeader>

      <Form method="get" action={base} className="card history-filters" aria-label="Filter history">
        <h2>Filters</h2>
        {loaderData.filterError ? (
          <div className="alert error" role="alert">
            {loaderData.filterError}
          </div>
        ) : null}
        <div className="grid cols-3">
          <FilterSelect
            name="action"
            label="Action"
            any="All actions"
            value={filters.action}
            options={choices.actions.map((code) => [code, auditActionLabel(code)])}
          />
          <FilterSelect
            name="actor"
            label="Who"
            any="Everyone"
            value={filters.actor}
            options={choices.actors.map((name) => [name, name])}
          />
          <FilterSelect
            name="round"
            label="Round"
            any="All rounds"
            value={filters.round}
            options={choices.rounds.map((n) => [String(n), `Round ${n}`])}
          />
        </div>
        <div className="row">
          <button type="submit" className="btn primary">
            Apply Filters
          </button>
          {filtered ? (
            <Link to={base} className="btn">
              Clear Filters
            </Link>
          ) : null}
        </div>
      </Form>

      <section className="card" aria-labelledby="history-title">
        <div className="row between">
          <h2 id="history-title">Recorded actions</h2>
          <span className="muted small" role="status">
            {total} {total === 1 ? "entry" : "entries"}
            {pageCount > 1 ? ` · page ${page} of ${pageCount}` : ""}
          </span>
        </div>
        {entries.length === 0 ? (
          <EmptyState title={filtered ? "No entries match these filters" : "No history yet"} />
        ) : (
          <div className="table-wrap history-table-wrap" role="region" aria-label="History entries" tabIndex={0}>
            <table className="history-table">
              <thead>
                <tr>
                  <th scope="col">When</th>
                  <th scope="col">Who</th>
                  <th scope="col">What</th>
                  <th scope="col">Before → After</th>
                </tr>
              </thead>
              <tbody>
                {entries.map((e) => (
                  <tr key={e.id} data-action={e.action}>
                    <td data-label="When">
                      <time dateTime={e.when}>{formatWhen(e.when)}</time>
                      {e.roundNumber ? <div className="muted small">Round {e.roundNumber}</div> : null}
                    </td>
                    <td data-label="Who">
                      <strong>{e.who}</strong>
                      <div className="muted small">{ROLE_LABELS[e.role] ?? e.role}</div>
                    </td>
                    <td data-label="What">
                      <div>{e.summary}</div>
                      <div className="muted small">{auditActionLabel(e.action)}</div>
                      {e.reason ? (
                        <div className="small">
                          <strong>Reason:</strong> {e.reason}
                        </div>
                      ) : null}
                    </td>
                    <td data-label="Before → After">
                      {e.changes.length === 0 ? (
                        <span className="muted small">No details</span>
                      ) : (
                        <ul className="history-changes">
                          {e.changes.map((c) => (
                            <li key={c.field}>
                              <span className="history-field">{c.field}:</span> {c.before ?? "-"} → {c.after ?? "-"}
                            </li>
                          ))}
                        </ul>
                      )}
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
        {pageCount > 1 ? (
          <nav className="row" aria-label="History pages">
            {page > 1 ? (
              <Link to={pageHref(page - 1)} className="btn small">
                Newer
              </Link>
            ) : null}
            {page < pageCount ? (
              <Link to={pageHref(page + 1)} className="btn small">
                Older
              </Link>
            ) : null}
          </nav>
        ) : null}
      </section>
    </div>
  );
}

/** One filter of the GET form: "any" first, then the values this history holds. */
function FilterSelect({
  name,
  label,
  any,
  value,
  options,
}: {
  name: string;
  label: string;
  any: string;
  value: string;
  options: [value: string, label: string][];
}) {
  return (
    <div className="field">
      <label htmlFor={`history-${name}`}>{label}</label>
      <select id={`history-${name}`} name={name} defaultValue={value}>
        <option value="">{any}</option>
        {options.map(([optionValue, optionLabel]) => (
          <option key={optionValue} value={optionValue}>
            {optionLabel}
          </option>
        ))}
      </select>
    </div>
  );
}
