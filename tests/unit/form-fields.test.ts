// The page forms' field names (app/lib/form-fields.ts) against every name app/ renders into a form, read from the
// source: a field added to a form but not to FORM_FIELDS would be refused as unknown, so this fails first, naming it.
import { readdirSync, readFileSync, statSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";
import { expect, test } from "vitest";
import { FORM_FIELDS, unknownFormField } from "~/lib/form-fields";

const appDir = fileURLToPath(new URL("../../app", import.meta.url));
/** `<meta name="…">` and the like: not form fields. */
const NOT_FIELDS = new Set(["viewport", "color-scheme", "description"]);

function sources(dir: string): string[] {
  return readdirSync(dir).flatMap((entry) => {
    const full = path.join(dir, entry);
    if (statSync(full).isDirectory()) return sources(full);
    return full.endsWith(".tsx") ? [full] : [];
  });
}

function renderedNames(text: string, file: string): string[] {
  const first = (name: string) => name.split(/[.[]/)[0];
  const names = [
    ...[...text.matchAll(/\bname="([^"]+)"/g)].map((m) => first(m[1])),
    ...[...text.matchAll(/\bname=\{`([A-Za-z]+)[.$]/g)].map((m) => m[1]),
    // Components' default names (`name = "format"`) and field tables (`{ name: "riotTag", … }`).
    ...[...text.matchAll(/\bname = "([A-Za-z]+)"/g)].map((m) => m[1]),
    ...(file.includes(`${path.sep}components${path.sep}`)
      ? [...text.matchAll(/\bname: "([A-Za-z]+)"/g)].map((m) => m[1])
      : []),
    // Hidden fields passed as an object: fields={{ playerId: p.id }} and const fields = { tournamentId: t.id }.
    ...[...text.matchAll(/fields=\{\{([^}]*)\}\}|const fields = \{([^}]*)\}/g)].flatMap((m) =>
      [...(m[1] ?? m[2]).matchAll(/(\w+):/g)].map((k) => k[1]),
    ),
  ];
  return names.filter((n) => !NOT_FIELDS.has(n));
}

test("every field name a form of app/ renders is one FORM_FIELDS knows", () => {
  const found = new Map<string, string>();
  for (const file of sources(appDir))
    for (const name of renderedNames(readFileSync(file, "utf8"), file)) found.set(name, path.relative(appDir, file));
  expect(found.size, "the scan finds the forms' names").toBeGreaterThan(50);
  const missing = [...found].filter(([name]) => !FORM_FIELDS.has(name)).map(([name, file]) => `${name} (${file})`);
  expect(missing).toEqual([]);
});

test("a posted name is refused by its first segment", () => {
  expect(unknownFormField(["intent", "scores.0.placement", "scores[1][playerId]", "stage.2.games"])).toBeNull();
  expect(unknownFormField(["name", "bogusField"])).toBe("bogusField");
  expect(unknownFormField(["__proto__.x"])).toBe("__proto__.x");
});
