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
    // The layers under the features stay framework-free, so they run and are tested in Node
    // (the session with in-memory transports). Which layer may import which: web/src/layout.test.ts.
    files: ['web/src/{lib,mcp,schema,calls}/**/*.ts', 'shared/**/*.ts'],
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
              message: 'Keep lib/, mcp/, schema/, calls/ and shared/ free of React and Node.',
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
            { group: ['**/web/**'], message: 'The bridge never imports the web app.' },
            { group: ['**/test/**'], message: 'Production code never imports test support.' },
          ],
        },
      ],
    },
  },
  {
    // `toolscope check` is the page's own session run headless over the bridge's channel: its own
    // bundle (lib/check.js), importing only the page's framework-free session and checks
    // (web/src/mcp, web/src/checks) and the bridge.
    files: ['cli/**/*.ts'],
    ignores: ['**/*.test.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            { group: ['**/web/src/features/**', '**/*.tsx'], message: 'check runs no page UI.' },
            { group: ['**/test/**'], message: 'Production code never imports test support.' },
          ],
        },
      ],
    },
  },
  { files: ['**/*.js'], languageOptions: { globals: globals.node } },
);
