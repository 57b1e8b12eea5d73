// One lint configuration for the whole repository: TypeScript (typescript-eslint), React hooks and accessibility
// (jsx-a11y) in the console. Formatting is Prettier's (.prettierrc.json), never a lint rule.
import js from '@eslint/js';
import jsxA11y from 'eslint-plugin-jsx-a11y';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'web/dev-dist/**', 'web/test-results/**', 'web/e2e/screenshots/**', 'data/**', 'coverage/**', '**/*.d.ts'],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
    },
  },
  {
    files: ['**/*.cjs'],
    languageOptions: { sourceType: 'commonjs' },
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  {
    files: ['web/src/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    // The rules of hooks; the React Compiler's rules (purity, refs, set-state-in-effect) are not taken: the console
    // is not compiled by it (D195).
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  { files: ['web/src/**/*.tsx'], ...jsxA11y.flatConfigs.recommended },
  {
    // Scripts that run in the browser: the server's first page, and the page functions the benches evaluate.
    files: ['web/public/**/*.js', 'scripts/bench/lighthouse.mjs'],
    languageOptions: { globals: { ...globals.browser } },
  },
  {
    files: ['web/e2e/**/*.ts'],
    languageOptions: { globals: { ...globals.browser, ...globals.node } },
  },
);
