/** Unit and component tests of every front-end workspace and the shared contracts. */
const frontEnds = [
  'shared-contracts',
  'ui-kit',
  'shell',
  'remote-share',
  'remote-payments',
  'remote-invite',
];

/** @type {import('jest').Config} */
module.exports = {
  projects: frontEnds.map((workspace) => ({
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
  })),
};
