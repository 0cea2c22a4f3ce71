// One ESLint configuration for the server (src, test, scripts), the shared package, the SDK and the web app.
// Import boundaries and cycles are checked by dependency-cruiser (.dependency-cruiser.cjs); both run in `npm run lint`.
import js from '@eslint/js';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/dist/**', '**/node_modules/**', 'sdk/src/generated/**', 'client/dist/**', 'client/dist-server/**', '.data/**', 'storage/**', 'coverage/**'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{js,mjs,cjs,ts,tsx}'],
    languageOptions: { globals: { ...globals.node } },
    rules: {
      // A leading underscore names a value that is deliberately unused (a destructured field left out, a placeholder).
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // A `let` that a closure reads before its one assignment (a timer the cleanup clears) stays a `let`.
      'prefer-const': ['error', { ignoreReadBeforeAssign: true }],
    },
  },
  {
    // Type-aware promise rules (as immich enables them): a promise nobody awaits loses its error, and a promise where a
    // callback's void is expected (an event handler, a forEach) runs unawaited. Fire-and-forget is written `void`, with
    // the reason beside it. Typed linting costs a TypeScript program per project, so it covers the product's code.
    files: ['src/**/*.ts', 'client/src/**/*.{ts,tsx}'],
    languageOptions: { parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname } },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-misused-promises': 'error',
    },
  },
  {
    // Scripts the browser tests inject into the page.
    files: ['test/browser/support/**/*.js'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['client/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
    languageOptions: { globals: { ...globals.browser } },
  },
);
