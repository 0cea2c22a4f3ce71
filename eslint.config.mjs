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
    // A module's SQL lives in its repositories (*.repository.ts, as in immich), so a service reads as rules; another
    // module's table is reached through that module's repository, never by naming its entity (docs/architecture.md,
    // Server modules; the entity classes themselves are kept in by .dependency-cruiser.cjs, entities-stay-in-their-module).
    files: ['src/modules/**/*.ts'],
    ignores: ['src/modules/**/*.repository.ts', 'src/modules/**/*.spec.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "CallExpression[callee.property.name='query']", message: "Raw SQL belongs in the owning module's *.repository.ts." },
        {
          selector: "CallExpression[callee.property.name='getRepository'][arguments.0.type='Literal']",
          message: "Another module's table is reached through its repository, not by its entity's name.",
        },
      ],
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
