// Statements drizzle builds once and runs in any transaction: the hot path of a score save (docs/decisions/042).
import type { Executor } from "./client.server";

/** A query drizzle prepared (either driver): the SQL it built once, its placeholders, and the client it runs on. */
type Prepared = { execute(values?: Record<string, unknown>): Promise<unknown> };

/** What a drizzle database or transaction holds (not in its public types): the session with its driver's client. */
type WithSession = { session: { client: unknown } };

/**
 * A family of statements built once per driver and shape, then run in whichever transaction asks. `build(db, shape)`
 * makes them with `.prepare(name)` and `sql.placeholder` for every value that varies between runs (the shape is what
 * changes the SQL itself, e.g. how many rows an insert has); the answer gives them bound to the caller's connection.
 *
 * Drizzle builds a statement's SQL from its query builder on every run, and for a score save that was a third of the
 * app's own work and most of its garbage (about 500 KB a save). A prepared query keeps the SQL and the result mapping
 * it built and sends them through the driver client it was made with (`client`, on both drivers' prepared queries),
 * so each run here is a view of the built query with the caller's client in its place: a transaction's statements
 * stay on the transaction's connection. tests/integration/prepared.test.ts holds drizzle to that on both drivers.
 */
export function preparedStatements<S extends string | number, T extends Record<string, Prepared>>(
  build: (db: Executor, shape: S) => T,
): (db: Executor, shape: S) => T {
  const built = new Map<unknown, Map<S, T>>();
  return (db, shape) => {
    const { session } = db as unknown as WithSession;
    // One set per driver: the two drivers' prepared queries are different classes (the tests run both in one process).
    let byShape = built.get(session.constructor);
    if (!byShape) built.set(session.constructor, (byShape = new Map()));
    let made = byShape.get(shape);
    if (!made) byShape.set(shape, (made = build(db, shape)));
    const client = { value: session.client };
    const bound: Record<string, Prepared> = {};
    for (const name of Object.keys(made)) bound[name] = Object.create(made[name], { client }) as Prepared;
    return bound as T;
  };
}
