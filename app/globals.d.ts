// Constants the build defines (vite.config.ts); absent when tests import modules without building.
declare const __BUILD_ID__: string | undefined;

// The server build itself, as React Router's Vite plugin serves it; the OpenAPI document walks its route manifest.
declare module "virtual:react-router/server-build" {
  export const routes: import("react-router").ServerBuild["routes"];
}
