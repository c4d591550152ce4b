// The page scripts as the build makes them (vite-page-scripts.ts): valid, self-contained scripts that no markup can end
// early, each with the CSP hash of its exact text, no heavier than the hand-written scripts they replace, and free of
// any package (no React on the pages without React) and of any server module.
import { createHash } from "node:crypto";
import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { pageScript, pageScriptHashes, type PageScriptName } from "~/lib/page-scripts.server";
import { buildPageScript } from "../../vite-page-scripts";

const NAMES: PageScriptName[] = ["public", "host", "overlay"];
const sha256 = (text: string) => createHash("sha256").update(text, "utf8").digest("base64");

/**
 * What the hand-minified scripts in template strings weighed (raw bytes, gzip level 6; the public view's, a host
 * screen's, the overlay's) before they became modules: the issue allows at most 10% more.
 */
const BEFORE: Record<PageScriptName, { raw: number; gzip: number }> = {
  public: { raw: 7857, gzip: 3278 },
  host: { raw: 12628, gzip: 4972 },
  overlay: { raw: 759, gzip: 467 },
};

describe("the built page scripts", () => {
  it("are valid JavaScript that no markup can close or bend", () => {
    for (const name of NAMES) {
      const code = pageScript(name);
      expect(() => new Function(code), name).not.toThrow();
      expect(code, name).not.toMatch(/<\/script|<!--/i);
      expect(code, `${name} is an IIFE`).toMatch(/^\(function\(\)\{[\s\S]*\}\)\(\);?$/);
    }
    expect(pageScript("host")).toContain("X-Answer-In-Place");
    expect(pageScript("public"), "the public pages carry no host part").not.toContain("X-Answer-In-Place");
  });

  it("weigh at most 10% more than the hand-written scripts they replace", () => {
    for (const name of NAMES) {
      const code = pageScript(name);
      const raw = Buffer.byteLength(code);
      const gzip = gzipSync(code, { level: 6 }).byteLength;
      expect(raw, `${name} raw`).toBeLessThanOrEqual(Math.floor(BEFORE[name].raw * 1.1));
      expect(gzip, `${name} gzip`).toBeLessThanOrEqual(Math.floor(BEFORE[name].gzip * 1.1));
    }
  });

  it("give a cached page's CSP the build's hash of each page script it carries, and nothing for any other inline script", () => {
    const page = (...scripts: string[]) =>
      `<!DOCTYPE html><html><body><main>Standings</main>${scripts.map((s) => `<script data-events="/api/events">${s}</script>`).join("")}</body></html>`;
    expect(pageScriptHashes(page(pageScript("public")))).toEqual([sha256(pageScript("public"))]);
    expect(pageScriptHashes(page(pageScript("overlay")))).toEqual([sha256(pageScript("overlay"))]);
    expect(pageScriptHashes(page(pageScript("host")))).toEqual([sha256(pageScript("host"))]);
    // A script the build did not make (injected, or an edit of ours) is allowed by no hash.
    expect(pageScriptHashes(page(pageScript("public"), "alert(document.cookie)"))).toEqual([
      sha256(pageScript("public")),
    ]);
    expect(pageScriptHashes(page("alert(1)"))).toEqual([]);
  });
});

describe("the page scripts' build", () => {
  it("refuses a page script that takes a package or a server module", async () => {
    const root = process.cwd();
    await expect(buildPageScript(root, "tests/unit/page-script-fixtures/imports-react.ts")).rejects.toThrow(
      /must not bundle .*node_modules\/react\//,
    );
    await expect(buildPageScript(root, "tests/unit/page-script-fixtures/imports-server.ts")).rejects.toThrow(
      /must not bundle app\/lib\/cors\.server\.ts/,
    );
  }, 60_000);
});
