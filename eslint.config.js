// Lint rules for the whole tree, run by `npm run lint` and by `npm test` before any test.
// Layering (docs/architecture.md): api → projections → events → domain; pwa → domain only.
// typescript-eslint needs the `typescript` package at 6.x (docs/decisions/typescript-6-beside-7.md).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

/** A layer may import only the layers below it; `except` paths are relative to `from`. */
const layerZones = [
  // domain/ is pure and shared by the server and the browser: it imports no other layer.
  { target: './domain', from: ['./events', './projections', './api', './pwa'], message: 'domain/ no importa otras capas.' },
  { target: './events', from: ['./projections', './api', './pwa'], message: 'events/ solo importa domain/.' },
  { target: './projections', from: ['./api', './pwa'], message: 'projections/ solo importa events/ y domain/.' },
  // The one allowed crossing: the server renders public pages with the built SSR entry, so api/ may import
  // pwa/entry-server (and its types); every other pwa/ module stays out of the server.
  { target: './api', from: './pwa', except: ['./entry-server.tsx'], message: 'api/ solo importa pwa/entry-server.' },
  { target: './pwa', from: ['./api', './events', './projections'], message: 'pwa/ solo importa domain/ (y habla con api/ por HTTP).' },
  // Inside the app, features use the shared pieces (offline drafts, lib, ui), never the other way round.
  { target: ['./pwa/offline', './pwa/lib', './pwa/ui'], from: './pwa/features', message: 'pwa/offline, lib y ui no importan features/.' },
];

export default tseslint.config(
  { ignores: ['node_modules/', 'dist/', 'data/', 'test-results/', 'playwright-report/', 'screenshots/', 'bench/out/', 'public/'] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { ecmaVersion: 2023, sourceType: 'module', globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none' }],
      '@typescript-eslint/consistent-type-imports': ['error', { fixStyle: 'inline-type-imports', disallowTypeAnnotations: false }],
    },
  },
  {
    // Hooks live in the React app only (Playwright's fixtures also call a function named `use`).
    files: ['pwa/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: { 'react-hooks/rules-of-hooks': 'error', 'react-hooks/exhaustive-deps': 'error' },
  },
  {
    // Tests and tools read JSON answers of any shape and assert on them field by field; typing every
    // answer would add noise without catching anything the assertions do not. Product code never uses `any`.
    files: ['tests/**', 'e2e/**', 'bench/**', 'scripts/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // A sleep is too short on a loaded machine and too long on an idle one: end-to-end tests wait for
    // what the person would see, or for the state the app writes (expect, expect.poll, waitForFunction).
    files: ['e2e/**'],
    rules: {
      'no-restricted-properties': [
        'error',
        { property: 'waitForTimeout', message: 'Espere una condición (expect, expect.poll, waitForFunction), no un tiempo fijo.' },
      ],
    },
  },
);
