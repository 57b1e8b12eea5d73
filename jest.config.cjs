// One jest, four tiers selected by file suffix (see docs/testing.md).
const swc = [
  '@swc/jest',
  {
    jsc: {
      parser: { syntax: 'typescript', decorators: true, tsx: true },
      target: 'es2022',
      transform: { legacyDecorator: true, decoratorMetadata: true, react: { runtime: 'automatic' } },
    },
    module: { type: 'commonjs' },
  },
];
const esmOnly = [
  '@nestjs',
  'content-disposition',
  'cookie',
  'file-type',
  '@tanstack',
  'react-leaflet',
  '@react-leaflet',
  'uuid',
  'strtok3',
  'token-types',
  'peek-readable',
  '@tokenizer',
  'uint8array-extras',
];
const base = {
  transform: { '^.+\\.(t|j)sx?$': swc },
  transformIgnorePatterns: [`/node_modules/(?!(.*/node_modules/)?(${esmOnly.join('|')})/)`],
  moduleNameMapper: {
    '^@onsite/domain$': '<rootDir>/services/domain/src/index.ts',
    '^@onsite/contracts$': '<rootDir>/services/contracts/src/index.ts',
    '^@onsite/infrastructure$': '<rootDir>/services/infrastructure/src/index.ts',
    '^@onsite/projections$': '<rootDir>/projections/src/index.ts',
    '^@onsite/workers$': '<rootDir>/services/workers/src/index.ts',
    '^(\\.{1,2}/.*)\\.js$': '$1',
  },
  rootDir: __dirname,
  testPathIgnorePatterns: ['/node_modules/', '/dist/'],
};
const server = ['<rootDir>/services', '<rootDir>/projections', '<rootDir>/scripts'];
module.exports = {
  // testTimeout is a global option (ignored inside projects): stores and servers start in the hooks.
  testTimeout: 60000,
  globalSetup: '<rootDir>/scripts/jest-global-setup.cjs',
  globalTeardown: '<rootDir>/scripts/jest-global-teardown.cjs',
  projects: [
    { ...base, displayName: 'unit', roots: server, testMatch: ['**/*.unit.test.ts'], testEnvironment: 'node' },
    {
      ...base,
      displayName: 'web',
      roots: ['<rootDir>/web/src'],
      testMatch: ['**/*.unit.test.ts?(x)'],
      testEnvironment: 'jsdom',
      setupFilesAfterEnv: ['<rootDir>/web/src/test/setup.ts'],
      moduleNameMapper: { ...base.moduleNameMapper, '\\.(css)$': '<rootDir>/web/src/test/style-stub.cjs' },
    },
    { ...base, displayName: 'int', roots: server, testMatch: ['**/*.int.test.ts'], testEnvironment: 'node' },
    { ...base, displayName: 'e2e', roots: server, testMatch: ['**/*.e2e.test.ts'], testEnvironment: 'node' },
  ],
};
