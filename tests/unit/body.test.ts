// Which request bodies are well-formed UTF-8 (app/lib/body.server.ts): JSON as sent, URL-encoded forms after their %XX
// escapes are decoded, against a plain reference (a fatal TextDecoder over the decoded bytes).
import { expect, test } from "vitest";
import { isWellFormedBody } from "~/lib/body.server";

const FORM = "application/x-www-form-urlencoded; charset=UTF-8";
const bytes = (text: string) => new TextEncoder().encode(text);

test.each([
  ["name=Cup", true],
  [`name=${encodeURIComponent("Cup 🏆 é")}`, true],
  ["name=a+b&x=%zz&y=%4", true], // a stray % is a character, not an escape
  ["name=Form%ED%A0%80Cup", false], // a lone surrogate's bytes
  ["name=%F0%9F", false], // a cut-off sequence
  ["name=%FF", false],
  ["name=%C3%A9", true],
])("form %s → %s", (body, ok) => {
  expect(isWellFormedBody(bytes(body), FORM)).toBe(ok);
});

test("raw bytes: JSON is checked as sent; a form's raw bytes too", () => {
  const lone = Uint8Array.from([0x7b, 0x22, 0xed, 0xa0, 0x80, 0x22, 0x7d]);
  expect(isWellFormedBody(lone, "application/json")).toBe(false);
  expect(isWellFormedBody(lone, FORM)).toBe(false);
  expect(isWellFormedBody(bytes('{"name":"Cup 🏆"}'), "application/json")).toBe(true);
});

test("against a fatal TextDecoder over every two-byte escape", () => {
  const fatal = new TextDecoder("utf-8", { fatal: true });
  for (let a = 0x80; a < 0x100; a += 7)
    for (let b = 0; b < 0x100; b += 5) {
      const hex = (n: number) => n.toString(16).padStart(2, "0").toUpperCase();
      let expected = true;
      try {
        fatal.decode(Uint8Array.from([0x78, a, b]));
      } catch {
        expected = false;
      }
      expect(isWellFormedBody(bytes(`x=%${hex(a)}%${hex(b)}`), FORM), `%${hex(a)}%${hex(b)}`).toBe(expected);
    }
});
