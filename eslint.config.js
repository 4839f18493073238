import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

export default tseslint.config(
  { ignores: ['dist', 'lib', 'node_modules', 'test-results', 'playwright-report'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ['**/*.{ts,tsx}'],
    languageOptions: {
      parserOptions: { projectService: true, tsconfigRootDir: import.meta.dirname },
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-floating-promises': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['web/**/*.tsx'],
    plugins: { 'react-hooks': reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ['web/**/*.{ts,tsx}'],
    ignores: ['web/**/*.test.ts', 'web/**/*.test.tsx'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'node:*',
                '@modelcontextprotocol/client/stdio*',
                '@modelcontextprotocol/server',
                '@modelcontextprotocol/server/*',
                '@modelcontextprotocol/node',
              ],
              message: 'The browser bundle contains no Node code.',
            },
          ],
        },
      ],
    },
  },
  {
    // The headless client and the page's layers under the features stay framework-free, so they run
    // in the browser, in Node (check, bench) and in tests with in-memory transports. Which folder may
    // import which: test/layout.test.ts.
    files: ['client/**/*.ts', 'web/src/{lib,calls}/**/*.ts', 'shared/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: [
                'react',
                'react-dom',
                'react/*',
                'node:*',
                '@modelcontextprotocol/client/stdio*',
                '@modelcontextprotocol/server',
                '@modelcontextprotocol/server/*',
                '@modelcontextprotocol/node',
              ],
              message: "Keep client/, shared/ and the page's lib/ and calls/ free of React and Node.",
            },
          ],
        },
      ],
    },
  },
  {
    // The bridge is the bridge alone: no page code, no test support.
    files: ['server/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              regex: '^((\\.\\./)+(web|client)/|#client/)',
              message: 'The bridge never imports the web app or the client.',
            },
            { group: ['**/test/**'], message: 'Production code never imports test support.' },
          ],
        },
      ],
    },
  },
  {
    // `toolscope check` is the headless client (client/) run over the bridge's channel: its own
    // bundle (lib/check.js), importing the client and the bridge but nothing of the page.
    files: ['cli/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/**', '**/*.tsx'], message: 'check runs no page UI.' },
            { group: ['**/test/**'], message: 'Production code never imports test support.' },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js'], languageOptions: { globals: globals.node } },
);
