// Sign-up's input schemas, shared by the forms and the API (docs/decisions/029-sign-up-and-passes.md).
import { z } from "zod";
import { isTimeZone, zonedToInstant } from "./signup";
import { booleanish, isWellFormedText, NO_CONTROL_CHARACTERS, numeric } from "../fields";
import { playerNameSchema, riotTagSchema } from "./player-input";
import { LONE_SURROGATE_MESSAGE, CHECKIN_WINDOW_ORDER, START_MESSAGE } from "../messages";

/** The join page and POST …/registrations: the same name and tag rules as a player the host adds. */
export const joinSchema = z.object({
  name: playerNameSchema,
  riotTag: z.preprocess((v) => (typeof v === "string" ? v.trim().replace(/^#/, "") : v), riotTagSchema),
});
export type JoinInput = z.infer<typeof joinSchema>;

const minutes = (label: string, min: number) =>
  numeric(
    z
      .int({ error: `${label} must be a whole number of minutes` })
      .min(min, `${label} must be at least ${min} minutes`)
      .max(1440, `${label} must be at most 1440 minutes (a day)`),
  );

const flag = (name: string) => booleanish(z.boolean({ error: `${name} must be true or false` }));

/**
 * The owner's sign-up settings. `startsAt` is the wall-clock time in `timeZone` ("2026-12-05T18:00"), or empty for
 * no start; the parsed value carries the instant in `startsAtInstant`.
 */
export const signupSettingsSchema = z
  .object({
    isOpen: flag("isOpen").optional(),
    requireApproval: flag("requireApproval").optional(),
    waitlistCap: numeric(
      z
        .int({ error: "Waitlist size must be a whole number from 0 to 1024" })
        .min(0, "Waitlist size must be a whole number from 0 to 1024")
        .max(1024, "Waitlist size must be a whole number from 0 to 1024"),
    ).optional(),
    startsAt: z.string({ error: "Start must be a date and time" }).max(40).optional(),
    timeZone: z
      .string({ error: "Unknown time zone" })
      .trim()
      .max(64)
      .refine(isTimeZone, "Unknown time zone: use a name like Europe/Paris or UTC")
      .optional(),
    checkinOpensBefore: minutes("Check-in opening", 1).optional(),
    checkinClosesBefore: minutes("Check-in closing", 0).optional(),
    lobbyHostRule: z
      .enum(["top-seed", "bottom-seed"], { error: 'lobbyHostRule must be "top-seed" or "bottom-seed"' })
      .optional(),
    /** Players' agreed reports are saved as the lobby's scores at once (docs/decisions/036-player-reports.md). */
    saveAgreedReports: flag("saveAgreedReports").optional(),
  })
  .superRefine((v, ctx) => {
    if (v.startsAt && zonedToInstant(v.startsAt, v.timeZone ?? "UTC") === null)
      ctx.addIssue({ code: "custom", path: ["startsAt"], message: START_MESSAGE });
    if (
      v.checkinOpensBefore !== undefined &&
      v.checkinClosesBefore !== undefined &&
      v.checkinClosesBefore >= v.checkinOpensBefore
    )
      ctx.addIssue({
        code: "custom",
        path: ["checkinClosesBefore"],
        message: CHECKIN_WINDOW_ORDER,
      });
  });
export type SignupSettingsInput = z.infer<typeof signupSettingsSchema>;

/** A network address as a sign-up recorded it. */
const addressField = z
  .string({ error: "Address must be text" })
  .regex(NO_CONTROL_CHARACTERS, "Address must not contain control characters")
  .refine(isWellFormedText, LONE_SURROGATE_MESSAGE)
  .trim()
  .max(100, "Address must be 100 characters or less");

/** Clearing the waitlist: every waitlisted or pending entry, or only those from one address. */
export const clearWaitlistSchema = z.object({ address: addressField.optional() });

/** Removing one address's sign-ups (the owner's answer to a flood from one network). */
export const removeAddressSchema = z.object({
  address: addressField.min(1, "Address is required"),
});

/** The owner's decision on one entry. */
export const entryDecisionSchema = z.object({
  decision: z.enum(["approve", "decline", "remove"], { error: "decision must be approve, decline or remove" }),
});

/** A pass's check-in or check-out. */
export const passCheckinSchema = z.object({
  action: z.enum(["checkin", "checkout"], { error: 'action must be "checkin" or "checkout"' }).default("checkin"),
});

/** A lobby's password: set (`password`, empty clears it) or generated (`generate: true`). */
export const lobbyPasswordSchema = z.object({
  password: z
    .string({ error: "Password must be text" })
    // Checked before the trim, so a line break at either end is refused rather than quietly cut off.
    .regex(NO_CONTROL_CHARACTERS, "Password must not contain control characters")
    .trim()
    .max(40, "Password must be 40 characters or less")
    .nullable()
    .optional(),
  generate: booleanish(z.boolean({ error: "generate must be true or false" })).optional(),
});
