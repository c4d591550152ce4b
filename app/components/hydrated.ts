// Whether React runs in the browser yet: the one hook for pieces that only work with JavaScript.
import { useSyncExternalStore } from "react";

const subscribeNothing = () => () => {};

/** False in the server HTML and during hydration, true once JavaScript runs: buttons and live checks that need scripts switch on then. */
export function useHydrated(): boolean {
  return useSyncExternalStore(
    subscribeNothing,
    () => true,
    () => false,
  );
}
