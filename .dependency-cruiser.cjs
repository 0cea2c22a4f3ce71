/**
 * Import boundaries (docs/architecture.md, "Boundaries"), checked by `npm run lint` and the lint tier of `npm test`.
 * ESLint (eslint.config.mjs) checks the code; this checks who may import whom.
 */
module.exports = {
  forbidden: [
    {
      name: 'no-cycles',
      comment: 'Modules import in one direction: a cycle makes load order matter and hides which module owns what.',
      severity: 'error',
      from: {},
      to: { circular: true, dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'engine-is-a-library',
      comment: 'The engine (src/analysis) runs in the worker, the CLI and benchmarks: no Nest, database, modules or config.',
      severity: 'error',
      from: { path: '^src/analysis/' },
      to: {
        path: [
          '^src/(modules|database|config|common|infra|jobs)/',
          '^src/[^/]+\\.ts$',
          'node_modules/(@nestjs|typeorm|@nestjs/typeorm|pg|bullmq|ioredis|express)/',
        ],
      },
    },
    {
      name: 'production-code-holds-no-test-doubles',
      comment: 'Stand-ins and fixtures live in test/support; the product (src) never imports them, only its unit tests do.',
      severity: 'error',
      from: { path: '^src/', pathNot: '\\.spec\\.ts$' },
      to: { path: '^test/' },
    },
    {
      name: 'modules-enter-by-the-front-door',
      comment:
        'A module is reached only through its index.ts (what it lets other modules use): its files, entities and DTOs stay its own.',
      severity: 'error',
      from: { path: '^src/modules/([^/]+)/' },
      to: { path: '^src/modules/', pathNot: ['^src/modules/$1/', '^src/modules/[^/]+/index\\.ts$'] },
    },
    {
      name: 'entities-stay-in-their-module',
      comment:
        "Another module reaches a table through its owner's repository (ReportsRepository…), never through the entity " +
        "class: a front door (index.ts) exports its entities only as types (`export type { Report }`), so no other module " +
        'can register one (forFeature), inject its Repository or query it by class. Inside its own module an entity is ' +
        "used freely; a relation to another module's entity names it ('User'). Only the files that assemble the app " +
        'import entity classes: src/app.module.ts, src/worker.module.ts and the entity list src/database/entities.ts.',
      severity: 'error',
      from: {
        path: '^src/',
        pathNot: ['^src/modules/[^/]+/(?!index\\.ts$)', '^src/(app|worker)\\.module\\.ts$', '^src/database/entities\\.ts$'],
      },
      to: { path: '\\.entity\\.ts$', dependencyTypesNot: ['type-only'] },
    },
    {
      name: 'common-is-below-modules',
      comment: 'common/ is what every module may use; it must not reach back into a module.',
      severity: 'error',
      from: { path: '^src/(common|infra|config|database/(?!entities))' },
      to: { path: '^src/modules/' },
    },
    {
      name: 'shared-package-is-framework-free',
      comment: '@preflight/shared runs in the API, the worker, the PDF template and the browser.',
      severity: 'error',
      from: { path: '^packages/shared/src/' },
      to: { path: ['^src/', '^client/', '^sdk/', 'node_modules/(@nestjs|typeorm|react|react-dom|@mui)/'] },
    },
    {
      name: 'features-do-not-import-each-other',
      comment: 'A web app feature depends on shared/, the theme and the SDK; what two features need moves to shared/.',
      severity: 'error',
      from: { path: '^client/src/features/([^/]+)/' },
      to: { path: '^client/src/features/', pathNot: '^client/src/features/$1/' },
    },
    {
      name: 'features-do-not-import-the-app',
      comment: 'The app (router, providers) assembles the features, not the other way round. Tests may assemble it too.',
      severity: 'error',
      from: { path: '^client/src/features/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^client/src/app/' },
    },
    {
      name: 'shared-is-below-features',
      comment: 'client/src/shared serves every feature and knows none of them, nor the app.',
      severity: 'error',
      from: { path: '^client/src/(shared|theme)/', pathNot: '\\.test\\.tsx?$' },
      to: { path: '^client/src/(features|app)/' },
    },
    {
      name: 'sdk-is-standalone',
      comment: 'The SDK is generated from the OpenAPI document and imports nothing of the product.',
      severity: 'error',
      from: { path: '^sdk/src/' },
      to: { path: '^(src|client|packages)/' },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)dist/', 'sdk/src/generated/'] },
    tsPreCompilationDeps: true,
    enhancedResolveOptions: { exportsFields: ['exports'], conditionNames: ['import', 'require', 'node', 'default', 'types'] },
  },
};
