// React Router framework config: server rendering on, every v8 future flag on.
import type { Config } from "@react-router/dev/config";

export default {
  ssr: true,
  // BUILD_DIR lets several builds live side by side (parallel test runs); the default is build/.
  buildDirectory: process.env.BUILD_DIR ?? "build",
  // React Router's own origin check compares Origin with the request URL, whose protocol is http
  // behind a TLS proxy, so it would refuse every form there. Our root middleware refuses
  // cross-site posts instead, comparing hosts (app/lib/security.server.ts), with a 403.
  allowedActionOrigins: ["**"],
  future: {
    v8_middleware: true,
    v8_splitRouteModules: true,
    v8_viteEnvironmentApi: true,
    v8_passThroughRequests: true,
    v8_trailingSlashAwareDataRequests: true,
  },
} satisfies Config;
