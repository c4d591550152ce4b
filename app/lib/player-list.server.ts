// The query of a host player list's URL: the search `q` and the filter, when it is one the screen offers.
import type { PlayerListFilter } from "~/models/views/player-list.server";

export function playerListQuery(
  url: URL,
  filters: readonly { value: PlayerListFilter }[],
): { q: string; filter: PlayerListFilter } {
  const q = (url.searchParams.get("q") ?? "").trim();
  const requested = url.searchParams.get("filter");
  const filter = filters.find((f) => f.value === requested)?.value ?? "all";
  return { q, filter };
}
