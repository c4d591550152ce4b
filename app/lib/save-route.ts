// The mark of a route whose posts are score saves: its module's `handle` carries it, so the save admission
// (app/lib/save-admission.server.ts) knows a save by the route it reaches, and the addresses stay written once, in
// app/routes.ts (aliases included, since they point at the same module).

/** The `handle` (or the part of one) of a route module whose posts the save admission holds in its queue. */
export const saveRouteHandle = { admission: "save" } as const;

/** Whether a route module's `handle` marks its posts as score saves. */
export function isSaveRoute(handle: unknown): boolean {
  return (handle as { admission?: unknown } | null | undefined)?.admission === saveRouteHandle.admission;
}
