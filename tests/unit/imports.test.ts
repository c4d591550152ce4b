// The models import downwards (STYLE.md habit 22, issue 37): no app/models file reaches up into app/lib, app/routes or
// app/components, and no two model files import each other, directly or round a longer loop. Only imports that run count:
// `import type`, `export type … from` and lists whose every name is `type X` vanish at compile time and may go any way.
import { readdirSync, readFileSync, existsSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const ROOT = fileURLToPath(new URL("../..", import.meta.url));
const APP = path.join(ROOT, "app");
const MODELS = path.join(APP, "models");

function sourceFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    if (statSync(full).isDirectory()) return sourceFiles(full);
    return /\.tsx?$/.test(name) && !name.endsWith(".d.ts") ? [full] : [];
  });
}

type Import = { specifier: string; typeOnly: boolean };

/** The module specifiers a file names: imports, re-exports and `import()`, each marked whether it vanishes at compile time. */
function importsOf(text: string, fileName = "file.ts"): Import[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: Import[] = [];
  const visit = (node: ts.Node) => {
    if (ts.isImportDeclaration(node) && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.importClause;
      const typeOnly =
        clause !== undefined &&
        (clause.isTypeOnly ||
          (clause.name === undefined &&
            clause.namedBindings !== undefined &&
            ts.isNamedImports(clause.namedBindings) &&
            clause.namedBindings.elements.length > 0 &&
            clause.namedBindings.elements.every((element) => element.isTypeOnly)));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (ts.isExportDeclaration(node) && node.moduleSpecifier && ts.isStringLiteral(node.moduleSpecifier)) {
      const clause = node.exportClause;
      const typeOnly =
        node.isTypeOnly ||
        (clause !== undefined &&
          ts.isNamedExports(clause) &&
          clause.elements.length > 0 &&
          clause.elements.every((element) => element.isTypeOnly));
      found.push({ specifier: node.moduleSpecifier.text, typeOnly });
    } else if (
      ts.isCallExpression(node) &&
      node.expression.kind === ts.SyntaxKind.ImportKeyword &&
      node.arguments.length > 0 &&
      ts.isStringLiteralLike(node.arguments[0])
    ) {
      found.push({ specifier: node.arguments[0].text, typeOnly: false });
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return found;
}

/** The specifiers of the imports that run when the file runs. */
function runtimeImports(text: string, fileName?: string): string[] {
  return importsOf(text, fileName)
    .filter((entry) => !entry.typeOnly)
    .map((entry) => entry.specifier);
}

/** The file a specifier names (the tsconfig's `~/` alias or a relative path), or null for a package or `#db/`. */
function resolve(from: string, specifier: string): string | null {
  let base: string;
  if (specifier.startsWith("~/")) base = path.join(APP, specifier.slice(2));
  else if (specifier.startsWith(".")) base = path.resolve(path.dirname(from), specifier);
  else return null;
  for (const candidate of [base, `${base}.ts`, `${base}.tsx`, path.join(base, "index.ts")]) {
    if (existsSync(candidate) && statSync(candidate).isFile()) return candidate;
  }
  throw new Error(`${path.relative(ROOT, from)} imports "${specifier}", which names no file`);
}

/**
 * The import loops of a graph: for each set of files that all reach one another, the files (sorted) and one loop
 * through the first of them (that file repeated at the end), the shortest, so a failure reads as a path to cut.
 */
function cycles(graph: ReadonlyMap<string, readonly string[]>): { files: string[]; loop: string[] }[] {
  // Tarjan's strongly connected components: a component of two or more files (or a file importing itself) is a loop.
  let counter = 0;
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  const connect = (node: string) => {
    index.set(node, counter);
    low.set(node, counter);
    counter++;
    stack.push(node);
    onStack.add(node);
    for (const next of graph.get(node) ?? []) {
      if (!index.has(next)) {
        connect(next);
        low.set(node, Math.min(low.get(node)!, low.get(next)!));
      } else if (onStack.has(next)) low.set(node, Math.min(low.get(node)!, index.get(next)!));
    }
    if (low.get(node) === index.get(node)) {
      const component: string[] = [];
      let member: string;
      do {
        member = stack.pop()!;
        onStack.delete(member);
        component.push(member);
      } while (member !== node);
      if (component.length > 1 || (graph.get(node) ?? []).includes(node)) components.push(component);
    }
  };
  for (const node of [...graph.keys()].sort()) if (!index.has(node)) connect(node);
  // Within a component, name one loop through it so the failure reads as a path to cut.
  return components.map((component) => {
    const members = new Set(component);
    const files = [...component].sort();
    const start = files[0];
    const seen = new Map<string, string>();
    const queue = [start];
    while (queue.length > 0) {
      const node = queue.shift()!;
      for (const next of graph.get(node) ?? []) {
        if (!members.has(next)) continue;
        if (next === start) {
          const loop = [start];
          for (let at = node; at !== start; at = seen.get(at)!) loop.splice(1, 0, at);
          return { files, loop: [...loop, start] };
        }
        if (!seen.has(next)) {
          seen.set(next, node);
          queue.push(next);
        }
      }
    }
    return { files, loop: [...files, start] };
  });
}

const modelFiles = sourceFiles(MODELS);
const imports = new Map(
  modelFiles.map((file) => [
    file,
    importsOf(readFileSync(file, "utf8"), file).map((entry) => ({ ...entry, target: resolve(file, entry.specifier) })),
  ]),
);
const relative = (file: string) => path.relative(ROOT, file).split(path.sep).join("/");

describe("the imports of app/models", () => {
  it("reads only the imports that run", () => {
    const text = [
      'import { a } from "./runs";',
      'import b from "./default";',
      'import * as c from "./namespace";',
      'import "./side-effect";',
      'import { type T, d } from "./mixed";',
      'import type { U } from "./type-only";',
      'import { type V, type W } from "./inline-types";',
      'export { e } from "./re-export";',
      'export * from "./star";',
      'export type { X } from "./type-re-export";',
      'export { type Y } from "./inline-type-re-export";',
      'const f = () => import("./lazy");',
    ].join("\n");
    expect(runtimeImports(text)).toEqual([
      "./runs",
      "./default",
      "./namespace",
      "./side-effect",
      "./mixed",
      "./re-export",
      "./star",
      "./lazy",
    ]);
  });

  it("finds a loop of any length and names its files in order", () => {
    const graph = new Map([
      ["a", ["b"]],
      ["b", ["c"]],
      ["c", ["a", "d"]],
      ["d", []],
      ["e", ["e"]],
      ["f", ["d"]],
    ]);
    expect(cycles(graph)).toEqual([
      { files: ["a", "b", "c"], loop: ["a", "b", "c", "a"] },
      { files: ["e"], loop: ["e", "e"] },
    ]);
    // Two loops sharing a file are one set of files that must be pulled apart; the loop named is the shortest.
    const joined = new Map([
      ["a", ["b"]],
      ["b", ["a", "c"]],
      ["c", ["b"]],
    ]);
    expect(cycles(joined)).toEqual([{ files: ["a", "b", "c"], loop: ["a", "b", "a"] }]);
    expect(
      cycles(
        new Map([
          ["a", ["b"]],
          ["b", []],
        ]),
      ),
    ).toEqual([]);
  });

  it("never reach up into app/lib, app/routes or app/components, not even for a type", () => {
    const upward = [...imports].flatMap(([file, list]) =>
      list
        .filter(({ target }) => target !== null && !target.startsWith(MODELS + path.sep))
        .map(({ specifier }) => `${relative(file)} imports "${specifier}"`),
    );
    expect(upward).toEqual([]);
  });

  it("form no loop: two model files that need each other share a third, lower one", () => {
    const graph = new Map(
      [...imports].map(([file, list]) => [
        relative(file),
        list.flatMap(({ target, typeOnly }) =>
          !typeOnly && target !== null && target.startsWith(MODELS + path.sep) ? [relative(target)] : [],
        ),
      ]),
    );
    const loops = cycles(graph).map(
      ({ files, loop }) => `${loop.join(" → ")} (files in one knot: ${files.join(", ")})`,
    );
    expect(loops).toEqual([]);
  });
});
