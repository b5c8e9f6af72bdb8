// ESLint with typescript-eslint's recommended rules (syntax only, no type information: the run
// stays fast), tuned to the code as it is written. `npm run lint`; `npm test` runs it too.
import js from '@eslint/js';
import tseslint from 'typescript-eslint';

export default tseslint.config(
  { ignores: ['dist/', 'node_modules/', '.vscode-test/', 'test-results/', 'bench/.cache/', 'test/fixtures/', 'server/data/', '.stryker-tmp/', 'reports/', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { console: 'readonly', process: 'readonly', URL: 'readonly' } },
    linterOptions: { reportUnusedDisableDirectives: 'error' },
    rules: {
      // Terminal and API text is cleaned of control characters on purpose (cli/src/terminalSafe.ts, agent/src/redact.ts…).
      'no-control-regex': 'off',
      // `last = undefined` lets a large outdated result be collected while the next one is made.
      'no-useless-assignment': 'off',
      // A leading underscore marks a parameter or binding that is there for its position only.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      // Command callbacks take whatever arguments VS Code passes.
      '@typescript-eslint/no-explicit-any': ['error', { ignoreRestArgs: true }],
    },
  },
);
