// Lint rules that keep the structure of ARCHITECTURE.md visible: typescript-eslint strict,
// no import cycles, and the boundaries of §3 (who may import whom, who may call fetch,
// open a WebSocket or a database connection).
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import importX from 'eslint-plugin-import-x';
import { createTypeScriptImportResolver } from 'eslint-import-resolver-typescript';
import reactHooks from 'eslint-plugin-react-hooks';
import { readdirSync } from 'node:fs';

// The web's feature folders, top to bottom: each may import only the ones after it, so no two
// import each other. Below them all: state/ and nav/, then ui/, lib/, i18n/ (docs/architecture.md).
const webFeatures = [
  'admin',
  'realtime',
  'home',
  'chat',
  'moments',
  'mine',
  'message-actions',
  'auth',
  'qrcode',
  'contacts',
  'cards',
  'groups',
  'org',
  'read-list',
  'history',
  'errors',
  'calls',
  'location',
  'media',
  'stickers',
  'pwa',
  'search',
  'offline',
  'system',
];
const unplaced = readdirSync(new URL('./apps/web/src/features', import.meta.url)).filter(
  (f) => !webFeatures.includes(f),
);
if (unplaced.length) throw new Error(`eslint.config.js: place features/${unplaced.join(', ')} in webFeatures`);
const web = (...dirs) => dirs.map((d) => `./apps/web/src/${d}`);

const dbDrivers = [
  { name: 'better-sqlite3', message: 'Only platform/db opens database connections.' },
  { name: 'pg', message: 'Only platform/db opens database connections.' },
];
/** `../<module>/<file>` other than `index`: a module's other files are its own business. */
const moduleIndexOnly = {
  regex: '^\\.\\./[\\w-]+/(?!index$)',
  message: 'Import another module through its index.ts (docs/architecture.md); export what you need there.',
};

export default tseslint.config(
  { ignores: ['**/node_modules/**', '**/dist/**', '**/coverage/**', 'data/**', '**/*.d.ts'] },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      ecmaVersion: 2023,
      sourceType: 'module',
      globals: {
        console: 'readonly',
        process: 'readonly',
        URL: 'readonly',
        setTimeout: 'readonly',
        clearTimeout: 'readonly',
        setInterval: 'readonly',
        clearInterval: 'readonly',
        Buffer: 'readonly',
        fetch: 'readonly',
        AbortController: 'readonly',
      },
    },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [
        createTypeScriptImportResolver({
          project: ['packages/*/tsconfig.json', 'apps/*/tsconfig.json', 'e2e/tsconfig.json'],
          noWarnOnMultipleProjects: true,
        }),
      ],
    },
    rules: {
      'no-undef': 'off', // TypeScript checks this, with the right globals per package.
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_', varsIgnorePattern: '^_' }],
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            {
              target: './packages/protocol',
              from: ['./apps', './e2e', './bench'],
              message: 'The protocol package imports nothing of ours.',
            },
            { target: './apps/server', from: './apps/web', message: 'Server and web never import each other.' },
            { target: './apps/web', from: './apps/server', message: 'Server and web never import each other.' },
            {
              target: './apps/server/src/platform',
              from: './apps/server/src/modules',
              message: 'platform/ never imports modules/.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/server/src/**/*.ts'],
    ignores: ['apps/server/src/platform/db/**'],
    rules: { 'no-restricted-imports': ['error', { paths: dbDrivers }] },
  },
  {
    files: ['apps/server/src/modules/**/*.ts'],
    rules: { 'no-restricted-imports': ['error', { paths: dbDrivers, patterns: [moduleIndexOnly] }] },
  },
  {
    // Each table has one owner (docs/architecture.md, "Table owners"): its repo speaks to the database
    // layer alone; rules, pushes and other modules stay in services.
    files: ['apps/server/src/modules/**/*.repo.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          paths: dbDrivers,
          patterns: [
            moduleIndexOnly,
            {
              regex: '^(?!kysely$|@parley/protocol$|\\.\\./\\.\\./platform/db/|\\./)',
              message: 'A repo imports only kysely, platform/db, the protocol constants and its own module.',
            },
            {
              // search-terms.ts is the index's pure term arithmetic (no I/O).
              regex: '^\\./(?![\\w-]+\\.repo$|search-terms$)',
              allowTypeImports: true,
              message: "A repo imports only types of its own module (and its module's other repos).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'warn',
      'no-restricted-globals': [
        'error',
        { name: 'fetch', message: 'Only lib/api-client.ts calls fetch.' },
        { name: 'WebSocket', message: 'Only lib/socket.ts opens a WebSocket.' },
      ],
      'no-restricted-imports': [
        'error',
        {
          paths: [
            {
              name: '@parley/protocol',
              importNames: ['endpoints'],
              message:
                'The web reads the endpoint table as types only (lib/call.ts): its schemas stay out of the bundle.',
            },
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/**/*.{ts,tsx}'],
    ignores: ['apps/web/src/**/*.test.{ts,tsx}', 'apps/web/src/test/**'],
    rules: {
      'import-x/no-restricted-paths': [
        'error',
        {
          zones: [
            { target: './apps/web', from: './apps/server', message: 'Server and web never import each other.' },
            {
              target: web('state', 'nav', 'ui', 'lib', 'i18n'),
              from: web('features', 'app'),
              message: 'Layers below the features import no feature and not the app.',
            },
            {
              target: web('features'),
              from: web('app'),
              message: 'Features import no part of app/ (routes and Page are in nav/).',
            },
            {
              target: web('state', 'ui', 'lib', 'i18n'),
              from: web('nav'),
              message: 'nav/ sits above ui/, lib/ and i18n/, beside state/.',
            },
            {
              target: web('nav', 'ui', 'lib', 'i18n'),
              from: web('state'),
              message: 'state/ sits above lib/ and i18n/, beside nav/.',
            },
            { target: web('lib', 'i18n'), from: web('ui'), message: 'ui/ sits above lib/ and i18n/.' },
            { target: web('i18n'), from: web('lib'), message: 'i18n/ imports nothing of the web.' },
            ...webFeatures.map((f, i) => ({
              target: web(`features/${f}`),
              from: web('features'),
              except: [f, ...webFeatures.slice(i + 1)].map((d) => `./${d}`),
              message: `features/${f} imports only the features after it in webFeatures (eslint.config.js).`,
            })),
          ],
        },
      ],
    },
  },
  {
    files: ['apps/web/src/lib/api-client.ts', 'apps/web/src/lib/socket.ts', 'apps/web/src/**/*.test.{ts,tsx}'],
    rules: { 'no-restricted-globals': 'off' },
  },
);
