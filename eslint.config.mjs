import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import globals from 'globals';

const remotes = ['remote-share', 'remote-payments', 'remote-invite'];

/** A remote imports neither another remote nor the shell: host services come through shared-contracts. */
const remoteBoundaries = remotes.map((remote) => ({
  files: [`${remote}/src/**/*.{ts,tsx}`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: [
              'shell',
              'shell/*',
              '**/shell/src/**',
              ...remotes
                .filter((r) => r !== remote)
                .flatMap((r) => [r, `${r}/*`, `**/${r}/src/**`]),
            ],
            message:
              'A remote gets host services through shared-contracts, never from the shell or another remote.',
          },
        ],
      },
    ],
  },
}));

export default tseslint.config(
  {
    ignores: [
      '**/node_modules/**',
      '**/dist/**',
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
  {
    files: ['shared-contracts/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        {
          patterns: [
            {
              group: ['shell*', 'remote-*', 'server*', '../../*'],
              message: 'shared-contracts imports nothing of the project.',
            },
          ],
        },
      ],
    },
  },
  ...remoteBoundaries,
);
