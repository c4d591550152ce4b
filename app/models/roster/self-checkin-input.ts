// Self check-in's input: the code and the player (chosen from the list or typed as Name#Tag), with the game tag.
import { z } from "zod";
import { MAX_ID as INT_MAX } from "../ids";
import {
  CHOOSE_PLAYER,
  CODE_REQUIRED,
  NAME_TAG_MESSAGE,
  normalizeCode,
  parseNameTag,
  TAG_REQUIRED,
  type PlayerProof,
  type PlayerRef,
  type SelfCheckinAction,
} from "./self-checkin";
import { WRONG_CODE, WRONG_TAG } from "../messages";
import { blankToUndefined, NO_CONTROL_CHARACTERS, numeric } from "../fields";

/**
 * The self check-in input, the same for the JSON API and the page's form: who (`playerId` from the list, or `nameTag`
 * "Name#Tag" typed, which wins over the list), the proof (`riotTag`, the exact game tag; for a typed Name#Tag its tag
 * part is the proof), `code`, and `action` ("checkin", the default, or "checkout"). Unknown keys are ignored.
 */
export const selfCheckinSchema = z
  .object({
    playerId: numeric(
      z.int({ error: "Invalid player ID" }).min(1, "Invalid player ID").max(INT_MAX, "Invalid player ID").optional(),
    ),
    // Checked here, not left to the database: PostgreSQL refuses NUL in text, which would be a 500.
    nameTag: z
      .string({ error: NAME_TAG_MESSAGE })
      .max(100, NAME_TAG_MESSAGE)
      .regex(NO_CONTROL_CHARACTERS, "Name#Tag must not contain control characters")
      .optional(),
    riotTag: z
      .string({ error: TAG_REQUIRED })
      .max(50, WRONG_TAG)
      .regex(NO_CONTROL_CHARACTERS, "The game tag must not contain control characters")
      .optional(),
    code: z.string({ error: CODE_REQUIRED }).max(40, WRONG_CODE),
    action: z.preprocess(blankToUndefined, z.enum(["checkin", "checkout"], { error: "Unknown action" }).optional()),
  })
  .transform((input, ctx) => {
    const code = normalizeCode(input.code);
    if (code === "") {
      ctx.addIssue({ code: "custom", message: CODE_REQUIRED, path: ["code"] });
      return z.NEVER;
    }
    const action: SelfCheckinAction = input.action ?? "checkin";
    const typed = input.nameTag?.trim();
    if (typed) {
      const parsed = parseNameTag(typed);
      if (!parsed) {
        ctx.addIssue({ code: "custom", message: NAME_TAG_MESSAGE, path: ["nameTag"] });
        return z.NEVER;
      }
      const proof: PlayerProof = { kind: "tag", riotTag: parsed.riotTag };
      return { player: { name: parsed.name } as PlayerRef, proof, code, action };
    }
    if (input.playerId === undefined) {
      ctx.addIssue({ code: "custom", message: CHOOSE_PLAYER, path: ["playerId"] });
      return z.NEVER;
    }
    const tag = input.riotTag?.trim().replace(/^#/, "") ?? "";
    if (tag === "") {
      ctx.addIssue({ code: "custom", message: TAG_REQUIRED, path: ["riotTag"] });
      return z.NEVER;
    }
    const proof: PlayerProof = { kind: "tag", riotTag: tag };
    return { player: { id: input.playerId } as PlayerRef, proof, code, action };
  });

export type SelfCheckinInput = z.infer<typeof selfCheckinSchema>;
