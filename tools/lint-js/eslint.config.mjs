// ESLint's flat config for the kit's page-side JavaScript: the ES modules of its anywidget views
// (kit/widgets/*.js), which run in the browser. `make lint` runs it: eslint:recommended, browser globals.
import js from "@eslint/js";
import globals from "globals";

export default [
  js.configs.recommended,
  {
    files: ["**/*.js"],
    languageOptions: {
      ecmaVersion: 2022,
      sourceType: "module",
      globals: { ...globals.browser },
    },
  },
];
