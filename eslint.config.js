// ESLint: typescript-eslint's recommended rules everywhere, React's hooks rules on the screens, and
// eslint-config-prettier last so layout is Prettier's alone. `npm run lint` runs it at zero warnings.
import js from "@eslint/js";
import { defineConfig } from "eslint/config";
import prettier from "eslint-config-prettier";
import reactHooks from "eslint-plugin-react-hooks";
import globals from "globals";
import tseslint from "typescript-eslint";

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
    // Components and hooks live in .tsx modules; the React Compiler's checks are the slow part of a run.
    files: ["app/**/*.tsx"],
    ...reactHooks.configs.flat.recommended,
  },
  prettier,
);
