// The page scripts as the build gives them to the server (vite-page-scripts.ts, `pageScripts()`).
declare module "virtual:page-scripts" {
  const scripts: Record<import("../../vite-page-scripts").PageScriptName, { code: string; hash: string }>;
  export default scripts;
}
