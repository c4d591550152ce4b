// Child process of tests/integration/postgres-js-patch.test.ts: the deterministic reproduction of the postgres.js
// null-socket crash (porsager/postgres#1208). A transaction's backend is terminated while a query is in flight; the
// transaction's own ROLLBACK is then written to a connection whose socket closed() has set to null.
// Usage: node null-socket-repro.mjs <postgres module entry file> <database url>
// Prints one JSON line ({ outcome, afterwards }) and exits 0 when the process survived.
import { pathToFileURL } from "node:url";

const [entry, url] = process.argv.slice(2);
const imported = await import(pathToFileURL(entry).href);
const postgres = imported.default ?? imported;

const sql = postgres(url, { max: 2, onnotice: () => {} });
const killer = postgres(url, { max: 1, onnotice: () => {} });

let pid = null;
const tx = sql.begin(async (t) => {
  pid = (await t`select pg_backend_pid() as pid`)[0].pid;
  await t`select pg_sleep(2)`;
});
const outcome = tx.then(
  () => "committed",
  (error) => error.code ?? String(error),
);
while (pid === null) await new Promise((resolve) => setTimeout(resolve, 10));
await killer`select pg_terminate_backend(${pid})`;
const code = await outcome;

// The pool (whose connection the crash would have reused) still answers: two queries use both of its connections.
const timeout = new Promise((resolve) => setTimeout(() => resolve("hung"), 10_000).unref());
const afterwards = await Promise.race([
  Promise.all([sql`select 1 as one`, sql`select 2 as two`]).then(
    () => "answered",
    (error) => `failed: ${error.code ?? error.message}`,
  ),
  timeout,
]);
console.log(JSON.stringify({ outcome: code, afterwards }));
await killer.end({ timeout: 1 });
await sql.end({ timeout: 1 });
