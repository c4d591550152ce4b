// The shared input schemas: docs/rules.md's messages for forms and the API alike.
import { describe, expect, test } from "vitest";
import fc from "fast-check";
import { z } from "zod";
import {
  advanceSchema,
  generateSchema,
  lockSchema,
  scoresSchema,
  validateLobbyScores,
} from "../../app/models/rounds/round-input";
import {
  bulkPlayersSchema,
  checkinSchema,
  playerCreateSchema,
  playerUpdateSchema,
  substituteSchema,
} from "../../app/models/roster/player-input";
import { fieldErrors, firstError, FormFieldError, formToObject } from "../../app/lib/form";
import { idParam, parseIdParam } from "../../app/models/ids";
import { loginSchema, USERNAME_PATTERN } from "../../app/models/access/account-input";
import {
  maxPlayersEditSchema,
  tournamentCreateSchema,
  tournamentUpdateSchema,
} from "../../app/models/tournaments/tournament-input";
import { DEFAULT_SCORING } from "../../app/models/format/scoring";

/** The first message a schema gives for an input, or null when it parses. */
function messageOf(schema: z.ZodType, input: unknown): string | null {
  const result = schema.safeParse(input);
  return result.success ? null : firstError(result.error);
}

const validTournament = { name: "Spring Cup", maxPlayers: 32, totalRounds: 5 };

describe("tournamentCreateSchema", () => {
  test("defaults: standard, snake, private, the default scoring", () => {
    expect(tournamentCreateSchema.parse({ ...validTournament, name: "  Spring Cup  " })).toEqual({
      name: "Spring Cup",
      format: "standard",
      lobbyMethod: "snake",
      maxPlayers: 32,
      totalRounds: 5,
      isPublic: false,
      scoring: DEFAULT_SCORING,
    });
  });

  test.each([
    [{ name: "" }, "Tournament name required"],
    [{ name: "   " }, "Tournament name required"],
    [{ name: undefined }, "Tournament name required"],
    [{ name: "x".repeat(101) }, "Tournament name must be 100 characters or less"],
    [{ maxPlayers: 8 }, "Must have at least 16 players"],
    [{ maxPlayers: 264 }, "Cannot exceed 256 players"],
    [{ maxPlayers: 20 }, "Max players must be a multiple of 8"],
    [{ maxPlayers: "abc" }, "Max players must be a whole number"],
    [{ totalRounds: 0 }, "Total rounds must be between 1 and 10"],
    [{ totalRounds: 11 }, "Total rounds must be between 1 and 10"],
    [{ totalRounds: 2.5 }, "Total rounds must be between 1 and 10"],
    [{ format: "swiss" }, "Format must be Standard or Elimination"],
    [{ lobbyMethod: "random" }, "Lobby method must be snake, swiss or round-robin"],
    [{ scoring: { ...DEFAULT_SCORING, third: -1 } }, "Each scoring value must be a number of at least 0"],
    [{ scoring: { first: 1 } }, "Each scoring value must be a number of at least 0"],
    // A list is taken only whole: 8 values, one per place.
    [{ scoring: [1, 2] }, "Scoring must list points for places 1 to 8"],
    [{ scoring: [] }, "Scoring must list points for places 1 to 8"],
    [{ scoring: [8, 7, 6, 5, 4, 3, 2, 1, 0] }, "Scoring must list points for places 1 to 8"],
  ])("%j → %s", (change, message) => {
    expect(messageOf(tournamentCreateSchema, { ...validTournament, ...change })).toBe(message);
  });

  test("accepts every choice and a scoring list", () => {
    const parsed = tournamentCreateSchema.parse({
      ...validTournament,
      format: "elimination",
      lobbyMethod: "round-robin",
      isPublic: true,
      scoring: [10, 8, 6, 4, 2, 1, 0, 0],
    });
    expect(parsed).toMatchObject({ format: "elimination", lobbyMethod: "round-robin", isPublic: true });
    expect(parsed.scoring).toEqual({
      first: 10,
      second: 8,
      third: 6,
      fourth: 4,
      fifth: 2,
      sixth: 1,
      seventh: 0,
      eighth: 0,
    });
  });

  test("the same schema reads a submitted form", () => {
    const form = new FormData();
    for (const [k, v] of Object.entries({
      name: "Form Cup",
      format: "elimination",
      lobbyMethod: "",
      maxPlayers: "64",
      totalRounds: "3",
      isPublic: "on",
      "scoring.first": "10",
      "scoring.second": "8",
      "scoring.third": "6",
      "scoring.fourth": "4",
      "scoring.fifth": "2",
      "scoring.sixth": "1",
      "scoring.seventh": "0",
      "scoring.eighth": "0.5",
    })) {
      form.append(k, v);
    }
    expect(tournamentCreateSchema.parse(formToObject(form))).toEqual({
      name: "Form Cup",
      format: "elimination",
      lobbyMethod: "snake",
      maxPlayers: 64,
      totalRounds: 3,
      isPublic: true,
      scoring: { first: 10, second: 8, third: 6, fourth: 4, fifth: 2, sixth: 1, seventh: 0, eighth: 0.5 },
    });
  });
});

describe("tournamentUpdateSchema", () => {
  test("everything is optional and unknown keys are stripped", () => {
    expect(tournamentUpdateSchema.parse({ ownerId: 3, id: 9 })).toEqual({});
  });

  test.each([
    [{ name: "" }, "Tournament name is required"],
    [{ maxPlayers: 0 }, "Max players must be at least 8"],
    [{ maxPlayers: 12 }, "Max players must be a multiple of 8"],
    [{ maxPlayers: 512 }, "Cannot exceed 256 players"],
    [{ totalRounds: 12 }, "Total rounds must be between 1 and 10"],
    [{ currentRound: 0 }, "Current round must be at least 1"],
    [{ status: "paused" }, "Unknown tournament status"],
    [{ isLocked: "maybe" }, "isLocked must be true or false"],
  ])("%j → %s", (input, message) => {
    expect(messageOf(tournamentUpdateSchema, input)).toBe(message);
  });

  test("takes 8 players, statuses and form booleans", () => {
    expect(
      tournamentUpdateSchema.parse({
        maxPlayers: "8",
        status: "in_progress",
        isPublic: ["false", "on"],
        isLocked: "0",
        currentRound: "2",
      }),
    ).toEqual({ maxPlayers: 8, status: "in_progress", isPublic: true, isLocked: false, currentRound: 2 });
    expect(tournamentUpdateSchema.parse({ isPublic: "false" })).toEqual({ isPublic: false });
  });

  test("an empty form number means unchanged", () => {
    expect(tournamentUpdateSchema.parse({ maxPlayers: "", totalRounds: " " })).toEqual({});
  });
});

describe("players", () => {
  test("trimmed name and tag, lp 0 and no override by default", () => {
    expect(playerCreateSchema.parse({ name: "  Alice ", riotTag: " NA1 " })).toEqual({
      name: "Alice",
      riotTag: "NA1",
      lp: 0,
      manualOverride: false,
    });
  });

  test.each([
    [{ name: "   " }, "Player name is required"],
    [{ name: undefined }, "Player name is required"],
    [{ name: "n".repeat(51) }, "Player name must be 50 characters or less"],
    [{ riotTag: "" }, "Riot tag is required"],
    [{ riotTag: "t".repeat(21) }, "Riot tag must be 20 characters or less"],
    [{ lp: -1 }, "LP must be a whole number of at least 0"],
    [{ lp: 1.5 }, "LP must be a whole number of at least 0"],
    [{ lp: "lots" }, "LP must be a whole number of at least 0"],
    [{ lp: 3_000_000_000 }, "LP must be a whole number of at least 0"],
    [{ seed: 0 }, "Seed must be a whole number of at least 1"],
    [{ totalPoints: -1 }, "Total points must be a number of at least 0"],
    [{ matchesPlayed: 1.5 }, "Matches played must be a whole number of at least 0"],
    [{ averagePlacement: 8.5 }, "Average placement must be between 1 and 8 in steps of 0.1"],
    [{ averagePlacement: 8.1 }, "Average placement must be between 1 and 8 in steps of 0.1"],
    [{ averagePlacement: 0.5 }, "Average placement must be between 1 and 8 in steps of 0.1"],
    [{ averagePlacement: 1.05 }, "Average placement must be between 1 and 8 in steps of 0.1"],
    [{ averagePlacement: -1 }, "Average placement must be between 1 and 8 in steps of 0.1"],
  ])("%j → %s", (change, message) => {
    expect(messageOf(playerCreateSchema, { name: "Alice", riotTag: "NA1", ...change })).toBe(message);
  });

  test.each([0, 1, 1.1, 4.2, 7.9, 8])("a master's average of %d is allowed", (averagePlacement) => {
    expect(messageOf(playerCreateSchema, { name: "Alice", riotTag: "NA1", averagePlacement })).toBeNull();
  });

  test("50 and 20 characters are allowed", () => {
    expect(messageOf(playerCreateSchema, { name: "n".repeat(50), riotTag: "t".repeat(20) })).toBeNull();
  });

  test("master fields from a form: empty seed means auto-assign", () => {
    const form = new URLSearchParams(
      "name=Bob&riotTag=EUW&lp=1500&seed=&isCheckedIn=on&isEliminated=false&totalPoints=12.5&matchesPlayed=3&averagePlacement=4.2",
    );
    expect(playerCreateSchema.parse(formToObject(form))).toEqual({
      name: "Bob",
      riotTag: "EUW",
      lp: 1500,
      manualOverride: false,
      seed: null,
      isCheckedIn: true,
      isEliminated: false,
      totalPoints: 12.5,
      matchesPlayed: 3,
      averagePlacement: 4.2,
    });
  });

  test("update: all optional, same messages", () => {
    expect(playerUpdateSchema.parse({})).toEqual({});
    expect(playerUpdateSchema.parse({ isEliminated: true })).toEqual({ isEliminated: true });
    expect(messageOf(playerUpdateSchema, { name: "" })).toBe("Player name is required");
    expect(messageOf(playerUpdateSchema, { riotTag: "t".repeat(21) })).toBe("Riot tag must be 20 characters or less");
    expect(playerUpdateSchema.parse({ seed: null })).toEqual({ seed: null });
  });

  test("bulk: at least one player", () => {
    expect(messageOf(bulkPlayersSchema, { players: [] })).toBe("No Valid Players");
    expect(bulkPlayersSchema.parse({ players: [{ name: "A", riotTag: "B" }] })).toEqual({
      players: [{ name: "A", riotTag: "B", lp: 0 }],
      manualOverride: false,
    });
  });

  test("max players edit: at least 4", () => {
    expect(messageOf(maxPlayersEditSchema, { maxPlayers: 3 })).toBe("Max players must be at least 4");
    expect(messageOf(maxPlayersEditSchema, { maxPlayers: "" })).toBe("Max players must be at least 4");
    expect(maxPlayersEditSchema.parse({ maxPlayers: "4" })).toEqual({ maxPlayers: 4 });
  });

  test("check-in and lock take booleans or form strings", () => {
    expect(checkinSchema.parse({ checkedIn: "true" })).toEqual({ checkedIn: true });
    expect(messageOf(checkinSchema, {})).toBe("checkedIn must be true or false");
    expect(lockSchema.parse({ locked: false })).toEqual({ locked: false });
    expect(messageOf(lockSchema, { locked: "yes please" })).toBe("locked must be true or false");
  });

  test("substitution needs both players, and two different ones", () => {
    expect(messageOf(substituteSchema, { oldPlayerId: 1 })).toBe("Please select both players for substitution");
    expect(messageOf(substituteSchema, { oldPlayerId: "", newPlayerId: "2" })).toBe(
      "Please select both players for substitution",
    );
    expect(messageOf(substituteSchema, { oldPlayerId: 2, newPlayerId: 2 })).toBe("Please select two different players");
    expect(substituteSchema.parse({ oldPlayerId: "1", newPlayerId: "2" })).toEqual({ oldPlayerId: 1, newPlayerId: 2 });
  });
});

describe("rounds", () => {
  test("advance: no cut by default; tiebreaker picks from a form become a list", () => {
    expect(advanceSchema.parse({})).toEqual({ eliminationCount: 0 });
    expect(advanceSchema.parse(formToObject(new URLSearchParams("eliminationCount=8&tiebreakerPlayerIds=4")))).toEqual({
      eliminationCount: 8,
      tiebreakerPlayerIds: [4],
    });
    expect(
      advanceSchema.parse(
        formToObject(new URLSearchParams("tiebreakerPlayerIds=4&tiebreakerPlayerIds=7&tiebreakerPlayerIds=")),
      ),
    ).toEqual({ eliminationCount: 0, tiebreakerPlayerIds: [4, 7] });
    expect(messageOf(advanceSchema, { eliminationCount: -8 })).toBe("Cut amount must be a whole number of at least 0");
    expect(messageOf(advanceSchema, { tiebreakerPlayerIds: ["x"] })).toBe("Invalid player ID");
  });

  test("generate: optional round number of at least 1", () => {
    expect(generateSchema.parse({})).toEqual({});
    expect(generateSchema.parse({ roundNumber: "1" })).toEqual({ roundNumber: 1 });
    expect(messageOf(generateSchema, { roundNumber: 0 })).toBe("Round number must be at least 1");
  });

  test("scores: the shape, from JSON or a form", () => {
    expect(messageOf(scoresSchema, {})).toBe("No scores entered");
    expect(messageOf(scoresSchema, { scores: [{ playerId: 0, placement: 1 }] })).toBe("Invalid player ID");
    expect(messageOf(scoresSchema, { scores: [{ playerId: 1, placement: "first" }] })).toBe("Invalid placements");
    const form = new URLSearchParams(
      "scores.0.playerId=5&scores.0.placement=2&scores.1.playerId=6&scores.1.placement=1",
    );
    expect(scoresSchema.parse(formToObject(form))).toEqual({
      scores: [
        { playerId: 5, placement: 2 },
        { playerId: 6, placement: 1 },
      ],
    });
  });
});

describe("validateLobbyScores", () => {
  const lobby = [1, 2, 3, 4];
  const full = [
    { playerId: 1, placement: 3 },
    { playerId: 2, placement: 1 },
    { playerId: 3, placement: 4 },
    { playerId: 4, placement: 2 },
  ];

  test("a complete lobby with distinct placements passes", () => {
    expect(validateLobbyScores(lobby, full)).toBeNull();
    // A 4-player lobby may still use placements up to 8.
    expect(
      validateLobbyScores(
        lobby,
        full.map((s, i) => ({ ...s, placement: 5 + i })),
      ),
    ).toBeNull();
  });

  test("nothing entered", () => {
    expect(validateLobbyScores(lobby, [])).toBe("No scores entered");
    expect(
      validateLobbyScores(
        lobby,
        full.map((s) => ({ ...s, placement: 0 })),
      ),
    ).toBe("No scores entered");
  });

  test("invalid placements", () => {
    expect(validateLobbyScores(lobby, [...full.slice(0, 3), { playerId: 4, placement: 9 }])).toBe("Invalid placements");
    expect(validateLobbyScores(lobby, [...full.slice(0, 3), { playerId: 4, placement: -1 }])).toBe(
      "Invalid placements",
    );
    expect(validateLobbyScores(lobby, [...full.slice(0, 3), { playerId: 4, placement: 1.5 }])).toBe(
      "Invalid placements",
    );
  });

  test("duplicate placements", () => {
    expect(validateLobbyScores(lobby, [...full.slice(0, 3), { playerId: 4, placement: 3 }])).toBe(
      "Duplicate placements",
    );
  });

  test("incomplete: a player missing, unscored, unknown or entered twice", () => {
    expect(validateLobbyScores(lobby, full.slice(0, 3))).toBe("Incomplete scores");
    expect(validateLobbyScores(lobby, [...full.slice(0, 3), { playerId: 4, placement: 0 }])).toBe("Incomplete scores");
    expect(validateLobbyScores(lobby, [...full.slice(0, 3), { playerId: 9, placement: 2 }])).toBe("Incomplete scores");
    expect(validateLobbyScores(lobby, [...full.slice(0, 3), { playerId: 1, placement: 2 }])).toBe("Incomplete scores");
  });

  test("order: invalid before duplicate before incomplete", () => {
    expect(
      validateLobbyScores(lobby, [
        { playerId: 1, placement: 9 },
        { playerId: 2, placement: 9 },
      ]),
    ).toBe("Invalid placements");
    expect(
      validateLobbyScores(lobby, [
        { playerId: 1, placement: 2 },
        { playerId: 2, placement: 2 },
      ]),
    ).toBe("Duplicate placements");
  });
});

describe("accounts", () => {
  test("login needs both fields", () => {
    expect(messageOf(loginSchema, { username: "", password: "x" })).toBe("Missing credentials");
    expect(messageOf(loginSchema, { username: "bob" })).toBe("Missing credentials");
    expect(messageOf(loginSchema, { username: "  ", password: "x" })).toBe("Missing credentials");
    expect(loginSchema.parse({ username: " bob ", password: " pw " })).toEqual({ username: "bob", password: " pw " });
  });

  test("usernames: 3 to 30 letters, digits or underscores", () => {
    expect(["bob_99", "abc", "a".repeat(30)].filter((u) => !USERNAME_PATTERN.test(u))).toEqual([]);
    expect(["ab", "a".repeat(31), "bob smith", "bob-1", "bøb"].filter((u) => USERNAME_PATTERN.test(u))).toEqual([]);
  });
});

describe("ids and helpers", () => {
  test("idParam takes positive integers only", () => {
    expect(["1", "42", " 7 ", 5].map(idParam)).toEqual([1, 42, 7, 5]);
    expect(["0", "-1", "1.5", "abc", "", "1e3", "01", "99999999999", undefined, null, 0, 2.5].map(idParam)).toEqual(
      Array(12).fill(null),
    );
  });

  test("parseIdParam gives docs/rules.md's page messages", () => {
    expect(parseIdParam(undefined)).toEqual({ ok: false, error: "No tournament ID provided" });
    expect(parseIdParam("abc")).toEqual({ ok: false, error: "Invalid tournament ID" });
    expect(parseIdParam("-3", "player")).toEqual({ ok: false, error: "Invalid player ID" });
    expect(parseIdParam("12")).toEqual({ ok: true, id: 12 });
  });

  test("fieldErrors keeps the first message per field", () => {
    const result = tournamentCreateSchema.safeParse({ name: "", maxPlayers: 3 });
    expect(result.success).toBe(false);
    if (!result.success) {
      expect(fieldErrors(result.error)).toEqual({
        name: "Tournament name required",
        maxPlayers: "Must have at least 16 players",
        totalRounds: "Total rounds must be between 1 and 10",
      });
    }
  });

  test("formToObject: repeated keys become lists, dotted keys nest, files are skipped", () => {
    const form = new FormData();
    form.append("a", "1");
    form.append("a", "2");
    form.append("s.x", "3");
    form.append("l.0.v", "4");
    form.append("l.1.v", "5");
    form.append("file", new Blob(["x"]), "x.txt");
    expect(formToObject(form)).toEqual({ a: ["1", "2"], s: { x: "3" }, l: [{ v: "4" }, { v: "5" }] });
  });
});

describe("formToObject safety", () => {
  test("crafted keys cannot reach Object.prototype or build huge lists: they are refused, not dropped", () => {
    for (const key of ["__proto__.polluted", "constructor.prototype.x", "l.5000.v", "a[__proto__]", "l[1000]"]) {
      expect(() => formToObject(new URLSearchParams([[key, "1"]])), key).toThrow(FormFieldError);
    }
    expect(({} as Record<string, unknown>).polluted).toBeUndefined();
    expect(formToObject(new URLSearchParams("toString=ok"))).toEqual({ toString: "ok" });
  });

  test.each([
    ["malformed names", ["a..b", ".a", "a.", "a[", "a]", "a[b", "a[]b", "a[b]c", "[a]", "a[[b]]", ""]],
    ["a value that is also a group", ["a", "a.b"]],
    ["a group that is also a value", ["a.b", "a"]],
    ["a repeated value that is also a group", ["a", "a", "a.0.b"]],
    ["a list that is also a group of names", ["l.0", "l.x"]],
    ["a group of names that is also a list", ["l.x", "l.0"]],
    ["a top-level index", ["0"]],
  ])("%s are refused with the field's name", (_label, keys) => {
    const form = new URLSearchParams(keys.map((k) => [k, "1"]));
    expect(() => formToObject(form)).toThrow(FormFieldError);
    expect(() => formToObject(form)).toThrow(/^Unknown form field: /);
  });
});

describe("formToObject names", () => {
  test("bracket names nest like dotted ones, and may be mixed", () => {
    const form = new URLSearchParams([
      ["scores[0].playerId", "5"],
      ["scores[0][placement]", "2"],
      ["scores.1.playerId", "6"],
      ["scores[1].placement", "1"],
      ["scoring[first]", "10"],
      ["ids[]", "4"],
      ["ids[]", "7"],
      ["ruleset.tiebreakers[0]", "wins"],
      ["ruleset[tiebreakers][1]", "top4"],
    ]);
    expect(formToObject(form)).toEqual({
      scores: [
        { playerId: "5", placement: "2" },
        { playerId: "6", placement: "1" },
      ],
      scoring: { first: "10" },
      ids: ["4", "7"],
      ruleset: { tiebreakers: ["wins", "top4"] },
    });
    expect(scoresSchema.parse(formToObject(form))).toEqual({
      scores: [
        { playerId: 5, placement: 2 },
        { playerId: 6, placement: 1 },
      ],
    });
  });

  // A plain reference: nested groups and indexed lists of leaf strings, written out with either syntax.
  type Tree = { [key: string]: string | Tree | Tree[] };
  const name = fc.stringMatching(/^[a-z][a-zA-Z]{0,5}$/).filter((n) => n !== "constructor" && n !== "prototype");
  const tree: fc.Arbitrary<Tree> = fc.letrec<{ tree: Tree }>((tie) => ({
    tree: fc.dictionary(
      name,
      fc.oneof(
        { depthSize: "small" },
        fc.string({ maxLength: 4 }),
        tie("tree"),
        fc.array(tie("tree"), { minLength: 1, maxLength: 3 }),
      ),
      { minKeys: 1, maxKeys: 3 },
    ),
  })).tree;

  function entries(node: Tree | Tree[], prefix: string, brackets: boolean[], out: [string, string][] = []) {
    const join = (key: string) => {
      if (prefix === "") return key;
      const bracket = brackets[out.length % brackets.length];
      return bracket ? `${prefix}[${key}]` : `${prefix}.${key}`;
    };
    const children: [string, unknown][] = Array.isArray(node)
      ? node.map((child, i) => [String(i), child])
      : Object.entries(node);
    for (const [key, child] of children) {
      const path = join(key);
      if (typeof child === "string") out.push([path, child]);
      else entries(child as Tree | Tree[], path, brackets, out);
    }
    return out;
  }

  /** Empty groups send no field at all, so they cannot come back. */
  function prune(node: unknown): unknown {
    if (typeof node === "string") return node;
    if (Array.isArray(node)) return node.map(prune);
    const kept = Object.entries(node as Tree)
      .map(([k, v]) => [k, prune(v)] as const)
      .filter(
        ([, v]) => typeof v === "string" || (Array.isArray(v) ? v.length > 0 : Object.keys(v as object).length > 0),
      );
    return Object.fromEntries(kept);
  }

  test("any nesting written with dots, brackets or both reads back as the same object", () => {
    fc.assert(
      fc.property(tree, fc.array(fc.boolean(), { minLength: 1, maxLength: 5 }), (t, brackets) => {
        const expected = prune(t);
        fc.pre(!JSON.stringify(expected).includes("{}") && !JSON.stringify(expected).includes("[]"));
        expect(formToObject(new URLSearchParams(entries(t, "", brackets)))).toEqual(expected);
        expect(formToObject(new URLSearchParams(entries(t, "", [false])))).toEqual(expected);
      }),
      { numRuns: 300 },
    );
  });
});

describe("hostile input: control characters", () => {
  const TOURNAMENT = "Tournament name must not contain control characters";
  const PLAYER = "Player name must not contain control characters";
  const TAG = "Riot tag must not contain control characters";
  const USERNAME = "Username must not contain control characters";
  const alice = { name: "Alice", riotTag: "NA1" };
  // Each text field with its schema, a valid body around it, and the message a control character gets.
  const textFields = [
    {
      label: "tournament create",
      schema: tournamentCreateSchema,
      base: validTournament,
      field: "name",
      message: TOURNAMENT,
    },
    { label: "tournament update", schema: tournamentUpdateSchema, base: {}, field: "name", message: TOURNAMENT },
    { label: "player create", schema: playerCreateSchema, base: alice, field: "name", message: PLAYER },
    { label: "player create", schema: playerCreateSchema, base: alice, field: "riotTag", message: TAG },
    { label: "player update", schema: playerUpdateSchema, base: {}, field: "name", message: PLAYER },
    { label: "player update", schema: playerUpdateSchema, base: {}, field: "riotTag", message: TAG },
    {
      label: "login",
      schema: loginSchema,
      base: { username: "bob", password: "secret" },
      field: "username",
      message: USERNAME,
    },
  ];
  const hostile = [
    "a\u0000b",
    "\u0000",
    "a\r\nb",
    "a\nb",
    "a\tb",
    "\u0007",
    "a\u001bb",
    "a\u007fb",
    "a\u0085b",
    "trailing\n",
    "\ttab first",
  ];

  test.each(textFields)(
    "$label $field: NUL, CR/LF, tab, escape, DEL and C1 are refused",
    ({ schema, base, field, message }) => {
      for (const value of hostile) {
        expect(messageOf(schema, { ...base, [field]: value }), JSON.stringify(value)).toBe(message);
      }
    },
  );

  test("any string holding a control character is refused by every text field", () => {
    const control = fc
      .oneof(fc.integer({ min: 0, max: 0x1f }), fc.integer({ min: 0x7f, max: 0x9f }))
      .map((c) => String.fromCharCode(c));
    fc.assert(
      fc.property(fc.string(), control, fc.string(), (before, c, after) => {
        for (const { schema, base, field, message } of textFields) {
          expect(messageOf(schema, { ...base, [field]: `${before}${c}${after}` })).toBe(message);
        }
      }),
    );
  });

  test("bulk lists refuse a control character in any player", () => {
    const players = [
      { name: "A", riotTag: "B" },
      { name: "C\u0000", riotTag: "D" },
    ];
    expect(messageOf(bulkPlayersSchema, { players })).toBe("Player name must not contain control characters");
    expect(messageOf(bulkPlayersSchema, { players: [{ name: "A", riotTag: "B\r\n" }] })).toBe(
      "Riot tag must not contain control characters",
    );
  });

  test("ordinary text is untouched: accents, emoji, inner spaces, and surrounding spaces are trimmed", () => {
    expect(playerCreateSchema.parse({ name: "  Zoë 🐉 de la Cruz ", riotTag: " 한국 " })).toMatchObject({
      name: "Zoë 🐉 de la Cruz",
      riotTag: "한국",
    });
    expect(tournamentCreateSchema.parse({ ...validTournament, name: "Copa Ñandú – Final" }).name).toBe(
      "Copa Ñandú – Final",
    );
  });

  test("the password may hold any character: it is only hashed", () => {
    expect(loginSchema.parse({ username: "bob", password: "se\tcret\u0000" })).toEqual({
      username: "bob",
      password: "se\tcret\u0000",
    });
  });
});

describe("hostile input: numbers that would overflow", () => {
  test("scoring values are at most 1,000,000, in an object or a list", () => {
    const tooBig = "Each scoring value must be at most 1,000,000";
    for (const value of [1_000_001, 1.7e308, Number.MAX_VALUE, "1000001"]) {
      expect(
        messageOf(tournamentCreateSchema, { ...validTournament, scoring: { ...DEFAULT_SCORING, first: value } }),
      ).toBe(tooBig);
      expect(messageOf(tournamentUpdateSchema, { scoring: [value, 0, 0, 0, 0, 0, 0, 0] })).toBe(tooBig);
    }
    expect(tournamentUpdateSchema.parse({ scoring: [1_000_000, 0, 0, 0, 0, 0, 0, 0] }).scoring?.first).toBe(1_000_000);
  });

  test("a form number too long for a double is refused, not read as Infinity", () => {
    expect(messageOf(tournamentUpdateSchema, { scoring: { ...DEFAULT_SCORING, eighth: "9".repeat(400) } })).toBe(
      "Each scoring value must be a number of at least 0",
    );
    expect(messageOf(playerUpdateSchema, { totalPoints: "9".repeat(400) })).toBe(
      "Total points must be a number of at least 0",
    );
  });

  test.each([
    [{ totalPoints: 10_000_001 }, "Total points must be at most 10,000,000"],
    [{ totalPoints: 1.7e308 }, "Total points must be at most 10,000,000"],
    [{ matchesPlayed: 10_001 }, "Matches played must be at most 10,000"],
    [{ matchesPlayed: 2_147_483_647 }, "Matches played must be at most 10,000"],
    [{ matchesPlayed: "2147483648" }, "Matches played must be at most 10,000"],
    [{ averagePlacement: 1e308 }, "Average placement must be between 1 and 8 in steps of 0.1"],
  ])("the master's stat adjustments are bounded: %j → %s", (change, message) => {
    expect(messageOf(playerUpdateSchema, change)).toBe(message);
    expect(messageOf(playerCreateSchema, { name: "Alice", riotTag: "NA1", ...change })).toBe(message);
  });

  test("the bounds themselves are allowed", () => {
    expect(playerUpdateSchema.parse({ totalPoints: 10_000_000, matchesPlayed: 10_000, averagePlacement: 8 })).toEqual({
      totalPoints: 10_000_000,
      matchesPlayed: 10_000,
      averagePlacement: 8,
    });
  });
});
