// ESLint for the web app (pwa/), its service worker (sw/), the browser tests (e2e/), the build and bench
// scripts and the config files. `npm run lint` runs it with no warning allowed.
import js from '@eslint/js'
import jsxA11y from 'eslint-plugin-jsx-a11y'
import reactHooks from 'eslint-plugin-react-hooks'
import { defineConfig, globalIgnores } from 'eslint/config'
import globals from 'globals'
import tseslint from 'typescript-eslint'

export default defineConfig([
  // Generated (buf) and built output: not ours to style.
  globalIgnores([
    'pwa/src/gen/',
    '**/dist/',
    'server/web/dist/',
    'test-results/',
    'playwright-report/',
    'e2e/test-results/',
    'e2e/playwright-report/',
  ]),

  js.configs.recommended,
  tseslint.configs.recommendedTypeChecked,
  {
    languageOptions: {
      parserOptions: {
        // The tsconfigs `npm run typecheck` uses, so the lint sees the same types as tsc. The node one also
        // takes the plain-JS scripts and this file (allowJs), so they are linted with their types too.
        project: ['pwa/tsconfig.json', 'pwa/tsconfig.node.json', 'sw/tsconfig.json', 'e2e/tsconfig.json'],
        tsconfigRootDir: import.meta.dirname,
      },
    },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // A leading underscore marks a parameter or binding kept for its position (tsc's noUnusedParameters
      // follows the same habit).
      '@typescript-eslint/no-unused-vars': [
        'error',
        {
          argsIgnorePattern: '^_',
          varsIgnorePattern: '^_',
          destructuredArrayIgnorePattern: '^_',
          caughtErrorsIgnorePattern: '^_',
        },
      ],
    },
  },

  // The app runs in the browser; its tests in jsdom under Node.
  {
    files: ['pwa/src/**/*.{ts,tsx}', 'pwa/bench/**/*.{ts,tsx}'],
    extends: [reactHooks.configs.flat.recommended, jsxA11y.flatConfigs.recommended],
    languageOptions: { globals: globals.browser },
  },
  { files: ['sw/**/*.ts'], languageOptions: { globals: globals.serviceworker } },
  // The API reference page's loader runs in the browser (server/apidoc serves it).
  { files: ['server/apidoc/*.js'], languageOptions: { globals: globals.browser } },
  // Node scripts and configs; the scripts' page.evaluate callbacks run in the browser.
  {
    files: ['e2e/**/*.ts', 'pwa/scripts/**/*.{mjs,ts}', 'pwa/*.ts', '*.js', 'tests/**/*.mjs'],
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
  },
  {
    files: ['**/*.mjs', '**/*.js'],
    rules: {
      // Plain JS has no annotations, so every value read from JSON, a CDP message or a callback is `any`:
      // these five would flag most lines of the scripts. The type-aware rules that find bugs (floating and
      // misused promises, awaiting a non-promise) stay on.
      '@typescript-eslint/no-unsafe-argument': 'off',
      '@typescript-eslint/no-unsafe-assignment': 'off',
      '@typescript-eslint/no-unsafe-call': 'off',
      '@typescript-eslint/no-unsafe-member-access': 'off',
      '@typescript-eslint/no-unsafe-return': 'off',
    },
  },
  {
    files: ['**/*.test.{ts,tsx}', 'e2e/**/*.ts', 'pwa/src/test/**', 'pwa/src/mocks/**', '**/fake*.ts', '**/testKit.ts'],
    rules: {
      // A fake stands in for an async API: `async` keeps its shape (a throw becomes a rejection) with
      // nothing to await.
      '@typescript-eslint/require-await': 'off',
      // `expect(fake.method).toHaveBeenCalled()` hands a vi.fn (which needs no `this`) to expect: the rule
      // cannot tell a mock from a real method.
      '@typescript-eslint/unbound-method': 'off',
      // vitest's asymmetric matchers (expect.stringMatching, expect.any, expect.arrayContaining) are typed
      // `any`, so every `toEqual({ text: expect.stringMatching(...) })` would be flagged.
      '@typescript-eslint/no-unsafe-assignment': 'off',
    },
  },
])
