// axe-core (from npm) injected into the real Chromium: a page's WCAG 2.2 AA violations, and their description for a failure message.
import fs from "node:fs";
import { createRequire } from "node:module";
import type { Page } from "@playwright/test";

const AXE_SOURCE = fs.readFileSync(createRequire(import.meta.url).resolve("axe-core/axe.min.js"), "utf8");
const TAGS = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa", "wcag22aa"];

export type Violation = { id: string; help: string; nodes: { target: string[]; failureSummary?: string }[] };

/**
 * The page's violations once its fades have run (only inside `include`, a selector, when given); the context needs
 * `bypassCSP` so the script may load.
 */
export async function axe(page: Page, include?: string): Promise<Violation[]> {
  await page.waitForFunction(() =>
    document.getAnimations().every((a) => a.playState !== "running" || a.effect?.getTiming().iterations === Infinity),
  );
  // A page without the part (the stream overlay has no header) has nothing there to check.
  if (include && (await page.locator(include).count()) === 0) return [];
  if (!(await page.evaluate(() => "axe" in window))) await page.addScriptTag({ content: AXE_SOURCE });
  return page.evaluate(
    ({ tags, include }) =>
      (
        window as unknown as { axe: { run: (c: Document | object, o: object) => Promise<{ violations: Violation[] }> } }
      ).axe
        .run(include ? { include: [include] } : document, {
          runOnly: { type: "tag", values: tags },
          resultTypes: ["violations"],
        })
        .then((r) =>
          r.violations.map((v) => ({
            id: v.id,
            help: v.help,
            nodes: v.nodes.map((n) => ({ target: n.target, failureSummary: n.failureSummary })),
          })),
        ),
    { tags: TAGS, include },
  );
}

export function describeViolations(violations: Violation[]) {
  return violations
    .map(
      (v) =>
        `${v.id} (${v.help}): ${v.nodes.length} nodes, e.g. ${v.nodes
          .slice(0, 3)
          .map((n) => `${n.target.join(" ")} — ${n.failureSummary?.split("\n").slice(0, 2).join(" ")}`)
          .join(" | ")}`,
    )
    .join("\n");
}
