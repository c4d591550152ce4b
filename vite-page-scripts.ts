// The page scripts of the pages served without React (app/scripts/*-page.ts), each bundled by Vite into one small,
// self-contained, minified script with its CSP hash, for the server to write inline (docs/decisions/047-page-scripts-as-modules.md).
import { createHash } from "node:crypto";
import path from "node:path";
import { build, type Plugin, type Rollup } from "vite";

/** Each page script's entry module: what `virtual:page-scripts` offers by name. */
export const PAGE_SCRIPT_ENTRIES = {
  /** The public pages: live updates, toasts, copy and export. */
  public: "app/scripts/public-page.ts",
  /** The host screens (score entry, check-in): the same with in-place saves and the score forms' checks. */
  host: "app/scripts/host-page.ts",
  /** The stream overlay's live swap. */
  overlay: "app/scripts/overlay-page.ts",
} as const;

export type PageScriptName = keyof typeof PAGE_SCRIPT_ENTRIES;
/** A built page script: its text as the page carries it, the SHA-256 (base64) its CSP names, and the files in it. */
export type BuiltPageScript = { code: string; hash: string; modules: string[] };

const VIRTUAL_ID = "virtual:page-scripts";
const RESOLVED_ID = `\0${VIRTUAL_ID}`;

/**
 * One entry bundled as an IIFE. It may take only our own browser-safe modules: no package (React would weigh more than
 * the whole page), no `.server` module; and its text must never end or bend the `<script>` it is written into.
 */
export async function buildPageScript(root: string, entry: string): Promise<BuiltPageScript> {
  const result = (await build({
    configFile: false,
    root,
    mode: "production",
    logLevel: "silent",
    publicDir: false,
    resolve: { alias: { "~": path.join(root, "app"), "#db": path.join(root, "db") } },
    esbuild: { legalComments: "none" },
    build: {
      write: false,
      target: "es2022",
      minify: "esbuild",
      copyPublicDir: false,
      reportCompressedSize: false,
      lib: { entry: path.join(root, entry), formats: ["iife"], name: "pageScript", fileName: () => "page.js" },
    },
  })) as Rollup.RollupOutput | Rollup.RollupOutput[];
  const [chunk] = (Array.isArray(result) ? result[0] : result).output as Rollup.OutputChunk[];
  const modules = Object.keys(chunk.modules).filter((id) => !id.startsWith("\0"));
  const foreign = modules.find((id) => id.includes("/node_modules/") || /\.server\.tsx?$/.test(id));
  if (foreign) throw new Error(`The page script ${entry} must not bundle ${path.relative(root, foreign)}`);
  const code = chunk.code.trim();
  if (/<\/script|<!--/i.test(code)) throw new Error(`The page script ${entry} contains "</script" or "<!--"`);
  return { code, hash: createHash("sha256").update(code, "utf8").digest("base64"), modules };
}

/** Every page script, built side by side. */
export async function buildPageScripts(root: string): Promise<Record<PageScriptName, BuiltPageScript>> {
  const names = Object.keys(PAGE_SCRIPT_ENTRIES) as PageScriptName[];
  const built = await Promise.all(names.map((name) => buildPageScript(root, PAGE_SCRIPT_ENTRIES[name])));
  return Object.fromEntries(names.map((name, i) => [name, built[i]])) as Record<PageScriptName, BuiltPageScript>;
}

/**
 * `import pageScripts from "virtual:page-scripts"`: each page script's text and CSP hash, built when the server code
 * that imports it is built (or, in development and tests, first loaded; an edit to a file in a script builds again).
 */
export function pageScripts(): Plugin {
  let root = process.cwd();
  let built: Promise<Record<PageScriptName, BuiltPageScript>> | null = null;
  let inputs = new Set<string>();
  return {
    name: "tm-page-scripts",
    configResolved(config) {
      root = config.root;
    },
    resolveId(id) {
      return id === VIRTUAL_ID ? RESOLVED_ID : undefined;
    },
    async load(id) {
      if (id !== RESOLVED_ID) return undefined;
      built ??= buildPageScripts(root);
      const scripts = await built;
      inputs = new Set(Object.values(scripts).flatMap((script) => script.modules));
      for (const file of inputs) this.addWatchFile(file);
      const texts = Object.fromEntries(Object.entries(scripts).map(([name, { code, hash }]) => [name, { code, hash }]));
      return `export default ${JSON.stringify(texts)};`;
    },
    watchChange(id) {
      if (inputs.has(id)) built = null;
    },
  };
}
