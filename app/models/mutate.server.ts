// The preamble every mutating model function shares: one transaction, the tournament's lock and guard, the audit
// entries in that transaction, and the events answered for publishing after the commit.
import type { AppDb, AppTx } from "#db/client.server";
import type { Tournament } from "#db/schema";
import { lockForMutation, type ActionResult, type LockNeeds } from "./action.server";
import { recordAudit, type AuditInput } from "./audit/audit.server";
import type { PublicUser } from "./access/auth.server";
import type { DomainEvent } from "./audit/events";

/** An audit entry of the mutation: the locked tournament and the acting user are filled in. */
export type MutationAudit = Omit<AuditInput, "tournament" | "actor">;

/** What a mutation's body works with: what its lock answered (the tournament at least), its transaction, and its trail. */
export type Mutation<L extends Locked> = L & {
  tx: AppTx;
  /** Records an audit entry in the transaction, so a refused (rolled-back) action records nothing. */
  audit: (entry: MutationAudit) => Promise<void>;
  /** Events to publish once the transaction has committed (`ActionResult.events`), in order. */
  emit: (...events: DomainEvent[]) => void;
};

export type Locked = { tournament: Tournament };

/** How a mutation finds and locks what it changes, refusing (throwing) before the body runs. */
export type Locker<L extends Locked> = (tx: AppTx, user: PublicUser | null | undefined) => Promise<L>;

/** The usual lock: 401 signed out, the tournament row's lock, then 403 / 409 for the capability (`lockForMutation`). */
export function tournamentLock(tournamentId: number, ...needs: LockNeeds): Locker<Locked> {
  return async (tx, user) => ({ tournament: await lockForMutation(tx, user, tournamentId, ...needs) });
}

/**
 * Runs a mutation: opens one transaction, takes its lock (a tournament id: `tournamentLock(id)`), runs the body with
 * the locked rows, records its audit entries in the same transaction and answers `{ result, events }`. A refusal
 * thrown anywhere rolls everything back and is answered as the `ActionError` it is.
 */
export async function mutate<T, L extends Locked = Locked>(
  db: AppDb,
  user: PublicUser | null | undefined,
  lock: number | Locker<L>,
  body: (m: Mutation<L>) => Promise<T>,
): Promise<ActionResult<T>> {
  return db.transaction(async (tx) => {
    const locked = typeof lock === "number" ? ((await tournamentLock(lock)(tx, user)) as L) : await lock(tx, user);
    const events: DomainEvent[] = [];
    const result = await body({
      ...locked,
      tx,
      audit: (entry) => recordAudit(tx, { tournament: locked.tournament, actor: user, ...entry }),
      emit: (...more) => {
        events.push(...more);
      },
    });
    return { result, events };
  });
}
