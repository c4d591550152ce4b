// The server build's route table (`build.routes`) as a test can make it without a build: app/routes.ts's entries, each
// with its own route module, ids and parents as React Router gives them.
import routeConfig from "~/routes";
import type { AdmissionRoute } from "~/lib/save-admission.server";

type Entry = { id?: string; path?: string; index?: boolean; caseSensitive?: boolean; file: string; children?: Entry[] };
export type ManifestRoute = AdmissionRoute & { index?: boolean };

/** Every route module, by its file under app/ ("routes/scores.tsx"), loaded when asked. */
const modules = import.meta.glob<{ handle?: unknown }>("../../app/routes/**/*.{ts,tsx}");

/** The route table of app/routes.ts under the root route, with each route's module (what `build.routes` holds). */
export async function routeManifest(): Promise<Record<string, ManifestRoute>> {
  const manifest: Record<string, ManifestRoute> = { root: { id: "root", path: "", module: {} } };
  const add = async (entries: readonly Entry[], parentId: string) => {
    for (const entry of entries) {
      const load = modules[`../../app/${entry.file}`];
      if (!load) throw new Error(`app/routes.ts names ${entry.file}, which is not a route module`);
      // React Router's default id: the file without its extension.
      const id = entry.id ?? entry.file.replace(/\.[^/.]+$/, "");
      manifest[id] = {
        id,
        parentId,
        path: entry.path,
        index: entry.index,
        caseSensitive: entry.caseSensitive,
        module: await load(),
      };
      await add(entry.children ?? [], id);
    }
  };
  await add(routeConfig as Entry[], "root");
  return manifest;
}
