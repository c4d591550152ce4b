// Test helper process: opens an embedded database folder and holds it until stdin closes or SIGTERM arrives.
// Usage: node --import tsx tests/setup/hold-data-dir.ts <dataDir>
import { fileURLToPath } from "node:url";
import { openDatabase } from "../../db/client.server";

const dataDir = process.argv[2];
if (!dataDir) {
  console.error("usage: hold-data-dir.ts <dataDir>");
  process.exit(2);
}

const database = await openDatabase({
  dataDir,
  migrationsDir: fileURLToPath(new URL("../../db/migrations", import.meta.url)),
});
console.log("ready");

let closing = false;
async function release() {
  if (closing) return;
  closing = true;
  await database.close();
  process.exit(0);
}
// The parent test closes stdin (or dies) when it is done with us.
process.stdin.on("end", release);
process.stdin.resume();
process.on("SIGTERM", release);
