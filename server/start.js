// Starts the built app with react-router-serve in this process, so signals reach the app's own shutdown handler.
import fs from "node:fs";
import path from "node:path";
import { createRequire } from "node:module";

const build = path.resolve(process.env.BUILD_DIR ?? "build", "server/index.js");
if (!fs.existsSync(build)) {
  console.error(`No build found at ${build}. Run "npm run build" first (npm start does it for you).`);
  process.exit(1);
}
// The package exports no entry point, so load its command-line file by path.
const require = createRequire(import.meta.url);
const cli = path.join(path.dirname(require.resolve("@react-router/serve/package.json")), "dist/cli.js");
process.env.NODE_ENV = process.env.NODE_ENV ?? "production";
process.argv = [process.argv[0], "react-router-serve", build];
require(cli);
