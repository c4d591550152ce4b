// "What do I need" on the spectator pages: the line ahead in words, and one player's sentence (words: app/models/format/needs.ts).
import { needTone, type Need } from "~/models/format/needs";

/** One player's sentence, e.g. "Top 4 keeps you safe; 6th or better keeps you alive"; nothing without a need. */
export function NeedNote({ need }: { need: Need | null | undefined }) {
  if (!need) return null;
  return <div className={`need-note ${needTone(need)}`}>{need.text}</div>;
}

/** The line the game under way is the last before (or the checkmate rule), above the players' sentences. */
export function NeedsHeading({ heading }: { heading: string | null | undefined }) {
  if (!heading) return null;
  return (
    <p className="alert warning need-heading">
      <strong>What do I need?</strong> {heading}
    </p>
  );
}
