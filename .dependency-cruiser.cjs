// The dependency rules of ARCHITECTURE.md and docs/decisions/017, checked by `npm run lint`
// (scripts/lint-deps.ts runs dependency-cruiser with this file, then the folder-level cycle check).
// No baseline and no ignores: a rule that matches is an error. Paths are relative to the
// repository root; a rule about a folder that does not exist yet matches nothing until it does.

/** Workspaces (and scripts/, which acts as one): a relative import must stay inside its own. */
const WORKSPACE = '^(apps/[^/]+|packages/[^/]+|e2e|scripts|extension)/';
const API = '^apps/api/src/';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment:
        'No import cycles (type-only imports count too). Break the loop: move what both sides ' +
        'need into a module of its own below them.',
      from: {},
      to: { circular: true },
    },
    {
      name: 'ui-not-to-features',
      severity: 'error',
      comment:
        'apps/web/src/ui/ holds primitives and never imports a feature; app/ fills slots or ' +
        'props with feature components.',
      from: { path: '^apps/web/src/ui/' },
      to: { path: '^apps/web/src/features/' },
    },
    {
      name: 'plugins-not-to-modules',
      severity: 'error',
      comment: 'Plugins never import modules; app.ts composes them.',
      from: { path: `${API}plugins/` },
      to: { path: `${API}modules/` },
    },
    {
      name: 'core-not-to-modules',
      severity: 'error',
      comment: 'core/ is the shared kernel every module builds on: it imports no module.',
      from: { path: `${API}core/` },
      to: { path: `${API}modules/` },
    },
    {
      name: 'lib-is-leaf',
      severity: 'error',
      comment: 'lib/ holds pure utilities: nothing from core/, modules/ or plugins/.',
      from: { path: `${API}lib/` },
      to: { path: `${API}(core|modules|plugins)/` },
    },
    {
      name: 'module-to-other-module-service-only',
      severity: 'error',
      comment:
        'A module may use another module only through its *.service.ts (never its repository, ' +
        'routes, schemas or tests).',
      from: { path: `${API}modules/([^/]+)/` },
      to: {
        path: `${API}modules/`,
        pathNot: [`${API}modules/$1/`, '[.]service[.]ts$'],
      },
    },
    {
      name: 'db-not-to-media',
      severity: 'error',
      comment: 'packages/db knows nothing of storage: the services that own a write call both.',
      from: { path: '^packages/db/' },
      to: { path: '^packages/media/' },
    },
    {
      name: 'packages-not-to-apps',
      severity: 'error',
      comment: 'Packages sit below the apps and never import them.',
      from: { path: '^packages/' },
      to: { path: '^apps/' },
    },
    {
      name: 'no-relative-import-across-workspaces',
      severity: 'error',
      comment:
        "Import another workspace through its package exports (@corkboard/…) or '#' subpath " +
        "imports, never by a relative path such as '../../apps/api/src/…'.",
      from: { path: WORKSPACE },
      to: { dependencyTypes: ['local'], dependencyTypesNot: ['aliased'], pathNot: '^$1/' },
    },
    {
      name: 'not-to-unresolvable',
      severity: 'error',
      comment: 'An import that resolves to nothing would hide a dependency from every rule above.',
      from: {},
      to: { couldNotResolve: true },
    },
  ],
  options: {
    doNotFollow: { path: 'node_modules' },
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '^apps/web/build/.*[.]js$'] },
    // Type-only imports are dependencies too (a type cycle is still a cycle of modules).
    tsPreCompilationDeps: true,
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json', '.d.ts'],
      mainFields: ['module', 'main', 'types', 'typings'],
    },
  },
};
