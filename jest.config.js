/**
 * Unit and component tests of every workspace whose sources run in the browser (the shared
 * contracts, ui-kit, the host and the remotes), as workspaces.json declares them.
 * @returns {Promise<import('jest').Config>}
 */
module.exports = async () => {
  const { BROWSER_WORKSPACES } = await import('./scripts/workspaces.mjs');
  // The apps import their texts' catalogs compiled (scripts/messages.mjs).
  const { prepareMessages } = await import('./scripts/messages.mjs');
  prepareMessages();
  return { projects: BROWSER_WORKSPACES.map(project) };
};

/** @returns {import('jest').Config} */
function project(workspace) {
  return {
    displayName: workspace,
    rootDir: `<rootDir>/${workspace}`,
    testEnvironment: 'jsdom',
    testMatch: ['<rootDir>/src/**/*.test.{ts,tsx}'],
    setupFilesAfterEnv: ['<rootDir>/../jest.setup.ts'],
    moduleNameMapper: {
      '\\.css$': '<rootDir>/../jest/style-stub.js',
      '\\.(svg|png|jpg|jpeg|gif|webp)$': '<rootDir>/../jest/file-stub.js',
      // firebase/auth re-exports @firebase/auth, which Jest resolves to its Node build (that one
      // needs a global fetch); the browser build is what the site runs.
      '^@firebase/auth$': require
        .resolve('@firebase/auth', {
          paths: [require.resolve('firebase/package.json')],
        })
        .replace(/dist\/node\/index\.js$/, 'dist/browser-cjs/index.js'),
    },
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.jest.json' }],
    },
  };
}
