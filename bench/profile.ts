// Sums a V8 CPU profile (`node --cpu-prof`) by package and by function, optionally over time windows only (e.g. the
// bursts `bench/saves.ts` marks with BENCH_SAVES_WINDOWS), and names the callers of one function.
//
//   npx tsx bench/profile.ts <file.cpuprofile> [--windows <file> [--label burst32]] [--top 40] [--callers writeBuffer]
import { readFileSync } from "node:fs";
import { parseArgs } from "node:util";

type CallFrame = { functionName: string; url: string; lineNumber: number };
type ProfileNode = { id: number; callFrame: CallFrame; children?: number[] };
type Profile = { nodes: ProfileNode[]; startTime: number; samples: number[]; timeDeltas: number[] };

const { values, positionals } = parseArgs({
  allowPositionals: true,
  options: {
    windows: { type: "string" },
    label: { type: "string" },
    top: { type: "string", default: "40" },
    callers: { type: "string" },
    depth: { type: "string", default: "6" },
  },
});
if (positionals.length !== 1) {
  console.error(
    "usage: npx tsx bench/profile.ts <file.cpuprofile> [--windows <file> [--label L]] [--top N] [--callers fn]",
  );
  process.exit(1);
}

const profile = JSON.parse(readFileSync(positionals[0], "utf8")) as Profile;
const byId = new Map(profile.nodes.map((node) => [node.id, node]));
const parentOf = new Map<number, number>();
for (const node of profile.nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);

/** "<start> <end> [label]" lines, µs of the monotonic clock (the profile's own timestamps). */
const windows = values.windows
  ? readFileSync(values.windows, "utf8")
      .trim()
      .split("\n")
      .map((line) => line.split(" "))
      .filter((words) => values.label === undefined || words[2] === values.label)
      .map(([start, end]) => [Number(start), Number(end)] as const)
  : null;

// Self time per node (µs), over the windows when given.
const self = new Map<number, number>();
let total = 0;
let at = profile.startTime;
profile.samples.forEach((id, i) => {
  const delta = profile.timeDeltas[i] ?? 0;
  at += delta;
  if (windows && !windows.some(([start, end]) => at >= start && at <= end)) return;
  self.set(id, (self.get(id) ?? 0) + delta);
  total += delta;
});

const SPECIAL = new Set(["(idle)", "(program)", "(garbage collector)"]);
function packageOf(url: string) {
  if (!url) return "(native)";
  const dependency = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (dependency) return dependency[1];
  if (url.startsWith("node:")) return "node:internal";
  if (url.includes("/build/")) return "app build";
  return url.split("/").slice(-2).join("/");
}
const shortName = (frame: CallFrame) =>
  `${frame.functionName || "(anonymous)"} ${packageOf(frame.url)}:${frame.lineNumber}`;

function sum(key: (node: ProfileNode) => string) {
  const sums = new Map<string, number>();
  for (const [id, us] of self) {
    const k = key(byId.get(id)!);
    sums.set(k, (sums.get(k) ?? 0) + us);
  }
  return [...sums].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top));
}
const line = ([name, us]: [string, number]) =>
  `${(us / 1000).toFixed(1).padStart(9)} ms ${((100 * us) / (total || 1)).toFixed(1).padStart(5)} %  ${name}`;

console.log(`${(total / 1000).toFixed(0)} ms sampled${windows ? ` in ${windows.length} windows` : ""}`);
if (values.callers) {
  // Where one function's self time comes from: its chains of callers, `depth` deep.
  const chains = new Map<string, number>();
  for (const [id, us] of self) {
    if (byId.get(id)!.callFrame.functionName !== values.callers) continue;
    const chain: string[] = [];
    for (let up = parentOf.get(id); up !== undefined && chain.length < Number(values.depth); up = parentOf.get(up))
      chain.push(shortName(byId.get(up)!.callFrame));
    chains.set(chain.join(" < "), (chains.get(chain.join(" < ")) ?? 0) + us);
  }
  console.log(`== callers of ${values.callers}`);
  for (const entry of [...chains].sort((a, b) => b[1] - a[1]).slice(0, Number(values.top))) console.log(line(entry));
} else {
  console.log("== by package");
  for (const entry of sum((node) =>
    SPECIAL.has(node.callFrame.functionName) ? node.callFrame.functionName : packageOf(node.callFrame.url),
  ))
    console.log(line(entry));
  console.log("== by function");
  for (const entry of sum((node) => shortName(node.callFrame))) console.log(line(entry));
}
