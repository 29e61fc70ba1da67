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
    },
    transform: {
      '^.+\\.tsx?$': ['ts-jest', { tsconfig: '<rootDir>/../tsconfig.jest.json' }],
    },
  })),
};
