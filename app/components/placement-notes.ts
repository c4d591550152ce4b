// The score form's notes as the host picks placements, for components/scores-lobby.tsx and the host screens' page
// script (app/scripts/host.ts) alike; the rules under them are app/models/access/policy.ts's.
import { ordinal } from "~/models/format/scoring";

/**
 * A placement's option for one player: another player's pick is taken (disabled, " - Taken"); a place another player
 * holds that is still open (editing a saved lobby) says whom picking it swaps with.
 */
export function placementOption(
  place: number,
  own: number,
  locked: ReadonlySet<number>,
  holder: (place: number) => string | undefined,
): { disabled: boolean; note: string } {
  const taken = locked.has(place) && place !== own;
  const other = place !== own && !taken ? holder(place) : undefined;
  return { disabled: taken, note: taken ? " - Taken" : other ? ` - swap with ${other}` : "" };
}

/** "1st, 3rd are chosen twice: …": what a save would refuse as "Duplicate placements", said before it; null when none. */
export function duplicatesNote(duplicates: readonly number[]): string | null {
  if (duplicates.length === 0) return null;
  const places = duplicates.map((place) => ordinal(place)).join(", ");
  return `${places} ${duplicates.length === 1 ? "is" : "are"} chosen twice: change the other player's placement before saving.`;
}
