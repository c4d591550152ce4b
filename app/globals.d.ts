// Constants the build defines (vite.config.ts); absent when tests import modules without building.
declare const __BUILD_ID__: string | undefined;
