// The owner's sign-up settings of a tournament (docs/decisions/029-sign-up-and-passes.md), read by sign-up, lobby details
// and player reports: below all three so that none imports another for them.
import { eq } from "drizzle-orm";
import type { Executor } from "#db/client.server";
import { signupSettings, type SignupSettings } from "#db/schema";

/** The settings of a tournament that never had any: registration closed, no approval, a waitlist of 64, no start. */
export function defaultSettings(tournamentId: number): SignupSettings {
  return {
    tournamentId,
    isOpen: false,
    requireApproval: false,
    waitlistCap: 64,
    startsAt: null,
    timeZone: "UTC",
    checkinOpensBefore: 60,
    checkinClosesBefore: 10,
    lobbyHostRule: "top-seed",
    saveAgreedReports: false,
  };
}

/** The tournament's sign-up settings: the owner's, or the defaults while the owner never saved any. */
export async function signupSettingsOf(db: Executor, tournamentId: number): Promise<SignupSettings> {
  const [row] = await db.select().from(signupSettings).where(eq(signupSettings.tournamentId, tournamentId));
  return row ?? defaultSettings(tournamentId);
}
