// ESLint: typescript-eslint's recommended rules everywhere, React's hooks rules on the screens, our own rule that
// page actions never read the request body, and eslint-config-prettier last so layout is Prettier's alone.
// `npm run lint` runs it at zero warnings.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

/** The ways to read a request's body; the root middleware already used it up on a page POST. */
const BODY_READERS = new Set(["formData", "json", "text", "arrayBuffer", "blob", "bytes"]);

/** `request`, `args.request`, or either's `.clone()`: what a route module calls the request it answers. */
function isRequest(node) {
  if (node.type === "CallExpression" && node.callee.type === "MemberExpression" && !node.callee.computed) {
    return node.callee.property.name === "clone" && isRequest(node.callee.object);
  }
  if (node.type === "Identifier") return node.name === "request";
  return node.type === "MemberExpression" && !node.computed && node.property.name === "request";
}

// Rules of this repository (docs/decisions/034-guard-rails.md).
const local = {
  rules: {
    "no-page-body-read": {
      meta: {
        type: "problem",
        docs: { description: "Page actions read the form the root middleware parsed, never the request body" },
        messages: {
          read:
            "The root middleware already read this page POST's body (app/lib/security.server.ts), so " +
            '`request.{{method}}()` fails with "Body is unusable" (a 500). Use readForm(context) or ' +
            "pageForm(context) from ~/lib/page.server instead.",
        },
        schema: [],
      },
      create(context) {
        return {
          CallExpression(node) {
            const callee = node.callee;
            if (callee.type !== "MemberExpression" || callee.computed) return;
            if (!BODY_READERS.has(callee.property.name) || !isRequest(callee.object)) return;
            context.report({ node, messageId: "read", data: { method: callee.property.name } });
          },
        };
      },
    },
  },
};

export default defineConfig(
  {
    ignores: [
      "build/",
      "build-*/",
      ".react-router/",
      "node_modules/",
      "data/",
      ".tmp/",
      "test-results/",
      "playwright-report/",
    ],
  },
  js.configs.recommended,
  tseslint.configs.recommended,
  {
    rules: {
      // A leading underscore marks a name kept on purpose, e.g. a field taken out of an object before
      // the rest is passed on: `const { status: _status, ...fields } = values`.
      "@typescript-eslint/no-unused-vars": [
        "error",
        {
          argsIgnorePattern: "^_",
          varsIgnorePattern: "^_",
          caughtErrorsIgnorePattern: "^_",
          destructuredArrayIgnorePattern: "^_",
        },
      ],
    },
  },
  {
    // The plain JavaScript files (the server, scripts, this config) run on Node; in TypeScript the
    // compiler checks names, and typescript-eslint turns no-undef off.
    files: ["**/*.{js,mjs}"],
    languageOptions: { globals: globals.node },
  },
  {
    // The page scripts run in the browser, bundled into the pages served without React (vite-page-scripts.ts).
    files: ["app/scripts/**/*.ts"],
    languageOptions: { globals: globals.browser },
  },
  {
    // Page routes (not the JSON API, whose bodies the middleware leaves alone) and the root route.
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx"],
    ignores: ["app/routes/api/**"],
    plugins: { local },
    rules: { "local/no-page-body-read": "error" },
  },
  {
    // Components and hooks live in .tsx modules; the React Compiler's checks are the slow part of a run.
    files: ["app/**/*.tsx"],
    ...reactHooks.configs.flat.recommended,
  },
  prettier,
);
