// Import boundaries (docs/architecture.md): the domain is pure and shared, the HTTP contracts build on it; adapters sit at the edge;
// console features do not import each other.
module.exports = {
  forbidden: [
    {
      name: 'domain-is-pure',
      severity: 'error',
      comment: 'services/domain imports nothing but itself, zod, luxon and libphonenumber-js (pure libraries).',
      from: { path: '^services/domain/src' },
      to: { pathNot: ['^services/domain/src', 'node_modules/(zod|luxon|libphonenumber-js)/', '^node_modules/@types/'] },
    },
    { name: 'domain-no-node-builtins', severity: 'error', from: { path: '^services/domain/src' }, to: { dependencyTypes: ['core'] } },
    {
      name: 'contracts-only-domain',
      severity: 'error',
      comment: 'services/contracts (the HTTP request and answer shapes) builds on the domain and zod only; the domain never imports it.',
      from: { path: '^services/contracts/src' },
      to: { pathNot: ['^services/(contracts|domain)/src', 'node_modules/zod/', '^node_modules/@types/'] },
    },
    { name: 'contracts-no-node-builtins', severity: 'error', from: { path: '^services/contracts/src' }, to: { dependencyTypes: ['core'] } },
    {
      name: 'infrastructure-not-upwards',
      severity: 'error',
      comment: 'Adapters know the domain, never the api, projections or workers.',
      from: { path: '^services/infrastructure/src' },
      to: { path: '^(services/(api|workers)|projections|web)/' },
    },
    { name: 'projections-not-upwards', severity: 'error', from: { path: '^projections/src' }, to: { path: '^(services/(api|workers)|web)/' } },
    { name: 'workers-not-api', severity: 'error', from: { path: '^services/workers/src' }, to: { path: '^(services/api|web)/' } },
    {
      name: 'web-only-shares-domain-and-contracts',
      severity: 'error',
      comment: 'The console shares the pure domain and the HTTP contracts, nothing server-side.',
      from: { path: '^web/src' },
      to: { path: '^(services/(api|workers|infrastructure)|projections)/' },
    },
    {
      name: 'web-features-independent',
      severity: 'error',
      comment: 'No feature imports another feature.',
      from: { path: '^web/src/features/([^/]+)/' },
      to: { path: '^web/src/features/', pathNot: '^web/src/features/$1/' },
    },
    { name: 'no-circular', severity: 'error', from: {}, to: { circular: true } },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: '(^|/)(dist|node_modules)/' },
    tsPreCompilationDeps: true,
    tsConfig: { fileName: 'tsconfig.json' },
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
