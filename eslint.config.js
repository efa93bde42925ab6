import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import { serverLayers } from './eslint/layers-server.js';
import { webLayers } from './eslint/layers-web.js';

export default tseslint.config(
  {
    ignores: [
      '**/node_modules',
      '**/dist',
      '**/.tsbuild',
      'data',
      'test-results',
      'playwright-report',
      'screenshots',
      'packages/db/migrations',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node } },
    rules: {
      '@typescript-eslint/consistent-type-imports': 'error',
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      // ARCHITECTURE.md: one config module per app; no process.env anywhere else.
      'no-restricted-properties': [
        'error',
        { object: 'process', property: 'env', message: 'Read configuration through src/config.ts.' },
      ],
    },
  },
  {
    files: [
      '**/src/config.ts',
      '**/*.config.ts',
      'scripts/**',
      'bench/**',
      'e2e/**',
      // the server tests' one reader of the environment, as src/config.ts is the server's
      'apps/server/test/support/test-config.ts',
      'apps/server/build.mjs',
    ],
    rules: { 'no-restricted-properties': 'off' },
  },
  {
    // packages/recorder holds the recorders' React hooks (issue 36 item 5).
    files: ['apps/web/**/*.{ts,tsx}', 'apps/site/**/*.{ts,tsx}', 'packages/recorder/**/*.{ts,tsx}'],
    languageOptions: { globals: { ...globals.browser } },
    plugins: { 'react-hooks': reactHooks },
    rules: reactHooks.configs.recommended.rules,
  },
  // Layering (docs/layers.md): the import-x plugin and its resolver for every file; the rules per side.
  {
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver()],
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/external-module-folders': ['node_modules', 'node_modules/@types'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
    },
  },
  ...serverLayers,
  ...webLayers,
);
