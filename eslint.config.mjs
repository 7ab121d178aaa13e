// The web client's lint (`make lint`): ESLint's recommended rules for browser ES modules, and the
// node tests beside this file.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["services/gateway/src/echo_gateway/web/**/*.js"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: globals.browser },
  },
  {
    files: ["tests/js/**/*.mjs", "*.mjs"],
    languageOptions: { ecmaVersion: 2023, sourceType: "module", globals: globals.node },
  },
];
