// safeRedirect: a redirect target from input stays a path of this site, whatever a browser would make of it.
import fc from "fast-check";
import { describe, expect, test } from "vitest";
import { safeRedirect } from "../../app/lib/safe-redirect";

const SITE = "https://tournaments.example";

describe("safeRedirect", () => {
  test.each([
    ["/dashboard", "/dashboard"],
    ["/tournaments/3/scores?round=2#lobby-1", "/tournaments/3/scores?round=2#lobby-1"],
    ["/", "/"],
    ["/auth?tab=login&redirectTo=%2Fdashboard", "/auth?tab=login&redirectTo=%2Fdashboard"],
    // Encoded slashes stay encoded: a browser reads them as one path segment of this site.
    ["/%2F%2Fevil.example", "/%2F%2Fevil.example"],
    // The URL parser's normalization is what is sent.
    ["/tournaments/../dashboard", "/dashboard"],
    ["/manage-players/1?q=Zoë", "/manage-players/1?q=Zo%C3%AB"],
  ])("keeps the local path %j", (to, expected) => {
    expect(safeRedirect(to)).toBe(expected);
  });

  test.each([
    // Chromium drops the tab and the line breaks, leaving "//evil.example": another site.
    "/\t/evil.example",
    "/\n/evil.example",
    "/\r\n/evil.example",
    "\t//evil.example",
    // A backslash is a slash to browsers.
    "/\\evil.example",
    "/\\/evil.example",
    "\\\\evil.example",
    "//evil.example",
    "///evil.example",
    "/.//evil.example",
    "https://evil.example",
    "http:evil.example",
    "javascript:alert(1)",
    "dashboard",
    "",
    " /dashboard",
    "/dash board",
    "/\u00a0/evil.example",
    "/\u2028/evil.example",
    "/\u0000",
    "/theme\r\nSet-Cookie: x=1",
  ])("refuses %j", (to) => {
    expect(safeRedirect(to)).toBe("/dashboard");
    expect(safeRedirect(to, "/")).toBe("/");
  });

  test("refuses what is not a string: missing, null or a file", () => {
    expect(safeRedirect(null)).toBe("/dashboard");
    expect(safeRedirect(undefined, "/")).toBe("/");
    expect(safeRedirect(new File(["x"], "x.txt"))).toBe("/dashboard");
  });

  test("whatever the input, the answer is a path a browser resolves to this site", () => {
    // Strings built from the characters that matter here, and any strings at all.
    const piece = fc.constantFrom(
      "/",
      "//",
      "\\",
      "\t",
      "\n",
      "\r",
      " ",
      ".",
      "..",
      "evil.example",
      ":",
      "%2F",
      "?",
      "#",
      "@",
      "\u0000",
      "\u00a0",
      "https:",
    );
    const input = fc.oneof(
      fc.array(piece, { maxLength: 8 }).map((parts) => parts.join("")),
      fc.string(),
    );
    fc.assert(
      fc.property(input, (to) => {
        const out = safeRedirect(to, "/fallback");
        expect(out.startsWith("/") && !out.startsWith("//")).toBe(true);
        // eslint-disable-next-line no-control-regex -- matching control characters is this pattern's job
        expect(out).not.toMatch(/[\u0000-\u001f\u007f-\u009f\s\\]/);
        // Browsers also drop tabs and line breaks: even so it stays here.
        expect(new URL(out.replace(/[\t\n\r]/g, ""), SITE).origin).toBe(SITE);
      }),
      { numRuns: 2000 },
    );
  });
});
