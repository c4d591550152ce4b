// `node scripts/route-js.mjs [route ids...]`: the JavaScript a first load of each route ships (entry, root and the route's module
// with their imports, from the build's manifest), gzip level 9 as server/app.ts sends the precompressed files.
import fs from "node:fs";
import path from "node:path";
import { gzipSync } from "node:zlib";

const dir = path.join(process.env.BUILD_DIR ?? "build", "client");
const assets = path.join(dir, "assets");
const file = fs.readdirSync(assets).find((f) => /^manifest-.*\.js$/.test(f));
const text = fs.readFileSync(path.join(assets, file), "utf8");
const manifest = JSON.parse(text.slice(text.indexOf("{"), text.lastIndexOf("}") + 1));
const size = new Map();
const gz = (url) => {
  if (!size.has(url)) size.set(url, gzipSync(fs.readFileSync(path.join(dir, url)), { level: 9 }).length);
  return size.get(url);
};
const filesOf = (entry) => (entry ? [entry.module, ...(entry.imports ?? [])].filter(Boolean) : []);
const wanted = process.argv.slice(2);
const ids = wanted.length
  ? wanted
  : Object.keys(manifest.routes).filter((id) => manifest.routes[id].hasDefaultExport !== false);
for (const id of ids) {
  const chain = [];
  for (let r = manifest.routes[id]; r; r = r.parentId ? manifest.routes[r.parentId] : null) chain.push(r);
  const files = new Set([...filesOf(manifest.entry), ...chain.flatMap(filesOf)]);
  const total = [...files].reduce((sum, f) => sum + gz(f), 0);
  const biggest = [...files]
    .sort((a, b) => gz(b) - gz(a))
    .slice(0, 4)
    .map((f) => `${path.basename(f)} ${(gz(f) / 1024).toFixed(1)}`);
  console.log(
    `${id.padEnd(36)} ${(total / 1024).toFixed(1).padStart(6)} KB gz in ${String(files.size).padStart(2)} files  (${biggest.join(", ")})`,
  );
}
