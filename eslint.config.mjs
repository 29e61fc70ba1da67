import js from '@eslint/js';
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
);
