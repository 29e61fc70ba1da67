import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import lingui from 'eslint-plugin-lingui';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';
import { foldersOf } from './scripts/workspaces.mjs';

// The workspaces by role, as workspaces.json declares them.
const remotes = foldersOf('remote');
const hosts = foldersOf('host');
const libraries = foldersOf('library');
const contracts = foldersOf('contract');
const servers = foldersOf('server');

/** Imports of these workspaces, by package name or by path into their sources. */
const workspaceImports = (workspaces) =>
  workspaces.flatMap((workspace) => [workspace, `${workspace}/*`, `**/${workspace}/src/**`]);

/** Keeps the import graph one-way: the files may not import the given workspaces. */
const boundary = (files, forbidden, message, morePatterns = []) => ({
  files,
  rules: {
    'no-restricted-imports': [
      'error',
      { patterns: [{ group: forbidden, message }, ...morePatterns] },
    ],
  },
});

/** The router is not a shared module (it would load whole): only the shell routes. */
const noRouter = {
  group: ['react-router', 'react-router/*', 'react-router-dom', 'react-router-dom/*'],
  message:
    "Routing is the shell's; a remote gets what it needs through its props and HostServices.",
};

/**
 * What only the shell and the server exchange about the page (`shared-contracts/page`): released
 * with them, not on the contract's report, so no remote may rely on it.
 */
const noPagePlumbing = {
  group: ['shared-contracts/page', 'shared-contracts/page/*', '**/shared-contracts/src/page/**'],
  message:
    "shared-contracts/page is the shell's and the server's; a remote relies on the contract's main entry (shared-contracts).",
};

/** The apps whose `src/` is layered (bulletproof-react's shape): app, features, shared layers. */
const apps = [...hosts, ...remotes];

/** What composes the features or starts the app: `app/` and the entries above it. */
const UPPER_LAYERS = ['app', 'start-up', 'first-screen', 'index.ts', 'bootstrap.tsx'];

/** What every feature may use, in whichever of these folders an app has. */
const SHARED_LAYERS = ['lib', 'components', 'state', 'services'];

const featureNames = (features) => {
  try {
    return readdirSync(features);
  } catch {
    return [];
  }
};

/**
 * Imports go down only (bulletproof-react's rule): a feature imports no other feature (what two
 * share lives below them, or is composed above them in `app/`); the shared layers import no
 * feature; neither imports the app layer or an entry.
 */
const layerZones = apps.flatMap((app) => {
  const src = `./${app}/src`;
  const features = `${src}/features`;
  const shared = SHARED_LAYERS.map((layer) => `${src}/${layer}`);
  return [
    ...featureNames(features).map((name) => ({
      target: `${features}/${name}`,
      from: features,
      except: [`./${name}`],
      message: 'A feature imports no other feature.',
    })),
    {
      target: shared,
      from: features,
      message: `A shared layer (${SHARED_LAYERS.join(', ')}) imports no feature.`,
    },
    {
      target: [features, ...shared],
      from: UPPER_LAYERS.map((layer) => `${src}/${layer}`),
      message:
        'Features and shared layers import neither the app layer that composes them nor an entry.',
    },
  ];
});

const boundaries = [
  ...remotes.map((remote) =>
    boundary(
      [`${remote}/src/**/*.{ts,tsx}`],
      workspaceImports([...hosts, ...remotes.filter((other) => other !== remote)]),
      'A remote gets host services through shared-contracts, never from the shell or another remote.',
      [noRouter, noPagePlumbing],
    ),
  ),
  boundary(
    libraries.map((library) => `${library}/src/**/*.{ts,tsx}`),
    workspaceImports([...apps, ...servers]),
    'ui-kit sits below every app: it imports shared-contracts and libraries only.',
    [noPagePlumbing],
  ),
  boundary(
    contracts.map((contract) => `${contract}/src/**/*.ts`),
    workspaceImports([...apps, ...servers, ...libraries]),
    'shared-contracts imports nothing of the project.',
  ),
];

/**
 * The API's schemas are TypeBox, for the server: the browser apps and the contract's main entry
 * take their static types only (`import type`), so no bundle carries TypeBox's runtime.
 */
const schemaTypesOnly = {
  files: [
    ...[...apps, ...libraries].map((workspace) => `${workspace}/src/**/*.{ts,tsx}`),
    ...contracts.map((contract) => `${contract}/src/**/*.ts`),
  ],
  ignores: contracts.map((contract) => `${contract}/src/api-schemas/**`),
  rules: {
    '@typescript-eslint/no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['@sinclair/typebox', '@sinclair/typebox/*', 'shared-contracts/schemas'],
            message: "TypeBox's runtime is the server's: import its types only (import type).",
            allowTypeImports: true,
          },
          {
            group: ['**/api-schemas', '**/api-schemas/*'],
            message: "The schemas are the server's: import their types only (import type).",
            allowTypeImports: true,
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-first-screen/**',
      'data/**',
      // Compiled catalogs, generated by scripts/messages.mjs from the JSON beside them.
      '*/src/locales/*.ts',
      'coverage/**',
      'e2e/test-results/**',
      'e2e/test-results-scale/**',
      'e2e/playwright-report/**',
      'e2e/.artifacts/**',
      'server/drizzle/**',
      '.bench/**',
    ],
  },
  js.configs.recommended,
  ...tseslint.configs.strict,
  {
    languageOptions: {
      globals: { ...globals.browser, ...globals.node },
    },
    rules: {
      '@typescript-eslint/no-explicit-any': 'error',
      '@typescript-eslint/no-unused-vars': ['error', { argsIgnorePattern: '^_' }],
    },
  },
  {
    files: ['**/*.tsx', '**/*.ts'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    files: ['**/*.js', '**/*.cjs'],
    rules: { '@typescript-eslint/no-require-imports': 'off' },
  },
  ...boundaries,
  schemaTypesOnly,
  {
    // Every text a visitor sees or hears comes from the catalogs (src/locales/, through `t`):
    // a string literal that reads as words (a capital letter or a space: 'Close', 'Try again')
    // is refused in the browser's code, outside tests. Lowercase tokens, constants and camelCase
    // identifiers ('grid', 'upgrade-sheet__title', 'PAY', 'shareViewer') are code, not text.
    files: foldersOf('library', 'host', 'remote').map((folder) => `${folder}/src/**/*.{ts,tsx}`),
    ignores: ['**/*.test.{ts,tsx}', '**/testing/**', '**/locales/**'],
    plugins: { lingui },
    rules: {
      'lingui/no-unlocalized-strings': [
        'error',
        {
          ignore: [
            '^[a-z0-9_./:#@?=&%+-]*$',
            '^[A-Z0-9_]+$',
            '^[a-z]+[A-Z][A-Za-z0-9]*$',
            // CSS selectors ('[role="menu"], [role="listbox"]') and keyboard keys are code.
            '^[^A-Z]*\\[[^A-Z]*$',
            '^(Arrow(Up|Down|Left|Right)|Home|End|Enter|Escape|Tab|PageUp|PageDown)$',
          ],
          ignoreNames: [
            {
              regex: {
                pattern:
                  '^(className|class|key|type|role|id|href|src|rel|target|name|htmlFor|data-.*)$',
              },
            },
          ],
          ignoreFunctions: ['console.*', 'Error'],
        },
      ],
    },
  },
  {
    files: ['**/*.{ts,tsx,js,mjs}'],
    plugins: { 'import-x': importX },
    settings: {
      // Dependencies written in TypeScript are read too (the default reads JavaScript only).
      'import-x/extensions': ['.ts', '.tsx', '.js', '.mjs'],
      'import-x/parsers': { '@typescript-eslint/parser': ['.ts', '.tsx'] },
      'import-x/resolver-next': [
        createNodeResolver({ extensions: ['.ts', '.tsx', '.d.ts', '.js', '.mjs', '.json'] }),
      ],
    },
    rules: {
      // No module imports itself back through others: every workspace's graph is a tree.
      'import-x/no-cycle': ['error', { ignoreExternal: true }],
      'import-x/no-restricted-paths': ['error', { zones: layerZones }],
    },
  },
);
