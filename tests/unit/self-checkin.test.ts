// Self check-in's pure rules: the code's alphabet and constant-time comparison, loose typing of the code, Name#Tag, the input schema.
import fc from "fast-check";
import { expect, test } from "vitest";
import { CODE_ALPHABET, CODE_LENGTH, normalizeCode, parseNameTag, tagMatches } from "~/models/roster/self-checkin";
import { selfCheckinSchema } from "~/models/roster/self-checkin-input";
import { codesMatch, generateCode } from "~/models/roster/self-checkin.server";

test("codes are 6 characters of an alphabet without look-alikes, and vary", () => {
  expect(CODE_ALPHABET).not.toMatch(/[0O1IL]/);
  const codes = Array.from({ length: 200 }, generateCode);
  for (const code of codes) expect(code).toMatch(new RegExp(`^[${CODE_ALPHABET}]{${CODE_LENGTH}}$`));
  expect(new Set(codes).size).toBeGreaterThan(190);
  // Every symbol turns up: the draw covers the whole alphabet.
  expect(new Set(codes.join("")).size).toBe(CODE_ALPHABET.length);
});

test("a typed code ignores case, spaces and dashes; the comparison is exact after that, whatever the lengths", () => {
  expect(normalizeCode(" ab3-k7 q ")).toBe("AB3K7Q");
  expect(codesMatch(normalizeCode("ab3k7q"), "AB3K7Q")).toBe(true);
  expect(codesMatch("AB3K7", "AB3K7Q")).toBe(false);
  expect(codesMatch("AB3K7QQ", "AB3K7Q")).toBe(false);
  expect(codesMatch("", "AB3K7Q")).toBe(false);
});

test("Name#Tag splits at the last #, trimmed; without one side it is malformed", () => {
  expect(parseNameTag(" Ann Lee # EUW1 ")).toEqual({ name: "Ann Lee", riotTag: "EUW1" });
  expect(parseNameTag("A#B#NA1")).toEqual({ name: "A#B", riotTag: "NA1" });
  for (const bad of ["Ann", "#NA1", "Ann#", " # "]) expect(parseNameTag(bad), bad).toBeNull();
});

test("the input: a typed name wins over the list, an id from the API or the form with its tag, and each missing piece has its message", () => {
  const tag = (riotTag: string) => ({ kind: "tag", riotTag });
  expect(selfCheckinSchema.parse({ playerId: 7, riotTag: "EUW", code: "ab3k7q" })).toEqual({
    player: { id: 7 },
    proof: tag("EUW"),
    code: "AB3K7Q",
    action: "checkin",
  });
  expect(selfCheckinSchema.parse({ playerId: "12", riotTag: " #Na1 ", code: "x", action: "checkout" })).toEqual({
    player: { id: 12 },
    proof: tag("Na1"),
    code: "X",
    action: "checkout",
  });
  expect(selfCheckinSchema.parse({ nameTag: "Ann#EUW", code: "x" })).toMatchObject({
    player: { name: "Ann" },
    proof: tag("EUW"),
  });
  expect(selfCheckinSchema.parse({ playerId: "3", riotTag: "X", nameTag: "Bo#NA1", code: "x" })).toMatchObject({
    player: { name: "Bo" },
    proof: tag("NA1"),
  });
  expect(selfCheckinSchema.parse({ playerId: "3", riotTag: "X", nameTag: " ", code: "x" }).player).toEqual({ id: 3 });
  const message = (input: unknown) => selfCheckinSchema.safeParse(input).error?.issues[0]?.message;
  expect(message({ playerId: 3 })).toBe("Enter the check-in code");
  expect(message({ playerId: 3, code: " - " })).toBe("Enter the check-in code");
  expect(message({ playerId: 3, code: "x" })).toBe("Enter your game tag");
  expect(message({ playerId: 3, riotTag: " ", code: "x" })).toBe("Enter your game tag");
  expect(message({ playerId: 3, riotTag: "X", code: "x", action: "steal" })).toBe("Unknown action");
  expect(message({ code: "x" })).toBe("Choose your name or type it as Name#Tag");
  expect(message({ playerId: "", code: "x" })).toBe("Choose your name or type it as Name#Tag");
  expect(message({ nameTag: "Ann", code: "x" })).toBe("Enter your name as Name#Tag");
  expect(message({ nameTag: "A\u0000nn#EUW", code: "x" })).toBe("Name#Tag must not contain control characters");
  for (const bad of [0, 1.5, "abc", 2 ** 40, true])
    expect(message({ playerId: bad, riotTag: "X", code: "x" }), String(bad)).toBe("Invalid player ID");
});

test("the proof: the game tag exactly as registered (case included), spaces around it ignored", () => {
  const swapCase = (s: string) =>
    [...s].map((c) => (c === c.toUpperCase() ? c.toLowerCase() : c.toUpperCase())).join("");
  fc.assert(
    fc.property(fc.stringMatching(/^[A-Za-z0-9]{1,5}$/), (registered) => {
      expect(tagMatches(registered, ` ${registered} `)).toBe(true);
      // Any change of case is another tag, unless the tag has no letters.
      expect(tagMatches(registered, swapCase(registered))).toBe(!/[A-Za-z]/.test(registered));
      expect(tagMatches(registered, `${registered}X`)).toBe(false);
    }),
  );
  expect(tagMatches("EUW1", "euw1")).toBe(false);
  expect(tagMatches("EUW1", " EUW1 ")).toBe(true);
});
