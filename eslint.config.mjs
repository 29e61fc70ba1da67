import { readdirSync } from 'node:fs';
import js from '@eslint/js';
import { createNodeResolver, importX } from 'eslint-plugin-import-x';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remotes = ['remote-share', 'remote-payments', 'remote-invite'];

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
 * Features never import each other, nor the app layer that composes them (bulletproof-react's
 * rule): what two features share lives below them (`lib/`, `components/`) or is composed above
 * them (`app/`).
 */
const featureZones = remotes.flatMap((remote) => {
  const features = `./${remote}/src/features`;
  let names;
  try {
    names = readdirSync(features);
  } catch {
    return [];
  }
  return names.map((name) => ({
    target: `${features}/${name}`,
    from: [features, `./${remote}/src/app`],
    except: [`./${name}`],
    message: 'A feature imports neither another feature nor the app layer that composes them.',
  }));
});

const boundaries = [
  ...remotes.map((remote) =>
    boundary(
      [`${remote}/src/**/*.{ts,tsx}`],
      workspaceImports(['shell', ...remotes.filter((other) => other !== remote)]),
      'A remote gets host services through shared-contracts, never from the shell or another remote.',
      [noRouter],
    ),
  ),
  boundary(
    ['ui-kit/src/**/*.{ts,tsx}'],
    workspaceImports(['shell', 'server', ...remotes]),
    'ui-kit sits below every app: it imports shared-contracts and libraries only.',
  ),
  boundary(
    ['shared-contracts/src/**/*.ts'],
    workspaceImports(['shell', 'server', 'ui-kit', ...remotes]),
    'shared-contracts imports nothing of the project.',
  ),
];

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
      '**/dist-first-screen/**',
      'data/**',
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
      'import-x/no-restricted-paths': ['error', { zones: featureZones }],
    },
  },
);
