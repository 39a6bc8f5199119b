/**
 * The import boundaries the build checks (`npm run lint:deps`, part of `npm test`).
 * Each rule names the layering docs/ARCHITECTURE.md describes; a rule here that
 * stops matching is caught by apps/server/test/boundaries.test.ts, which cruises a
 * fixture that breaks every one of them.
 */
const SERVER_MODULES = '^apps/server/src/modules/';
/** `x.repo.ts` and `x.system-repo.ts`: the files that hold a module's queries. */
const REPO_FILE = '[^/]*[.-]repo\\.ts$';

/** @type {import('dependency-cruiser').IConfiguration} */
module.exports = {
  forbidden: [
    {
      name: 'no-circular',
      severity: 'error',
      comment: 'An import cycle: the modules cannot be understood, tested or loaded one without the other.',
      from: { path: '^(apps|packages)/' },
      to: { circular: true },
    },
    {
      name: 'web-not-server-or-agent',
      severity: 'error',
      comment: 'The SPA talks to the server over HTTP through packages/contracts only; server or agent code in the bundle would ship secrets and node modules to browsers.',
      from: { path: '^apps/web/' },
      to: { path: '^apps/(server|agent)/' },
    },
    {
      name: 'routes-not-repo-or-db',
      severity: 'error',
      comment: 'A route translates HTTP and calls a service; queries live behind the service (routes → services → repos).',
      from: { path: '\\.routes\\.ts$' },
      to: { path: [REPO_FILE, '^apps/server/src/db/(client|schema)(\\.ts$|/)'] },
    },
    {
      name: 'contracts-only-zod',
      severity: 'error',
      comment: 'packages/contracts is the wire shared by server and browser: its own files and zod, nothing else.',
      from: { path: '^packages/contracts/' },
      to: { pathNot: ['^packages/contracts/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'module-not-other-modules-repo',
      severity: 'error',
      comment: "A module reaches another module's data through that module's service or a shared lib, never its repo.",
      from: { path: `${SERVER_MODULES}([^/]+)/` },
      to: { path: `${SERVER_MODULES}[^/]+/${REPO_FILE}`, pathNot: `${SERVER_MODULES}$1/` },
    },
  ],
  options: {
    // The fixture that proves these rules bite breaks each of them on purpose.
    exclude: { path: ['(^|/)node_modules/', '(^|/)dist/', '(^|/)test/fixtures/boundaries/'] },
    doNotFollow: { path: '(^|/)node_modules/' },
    // Type-only imports count: a cycle through types is still a cycle of the design.
    tsPreCompilationDeps: true,
    tsConfig: { fileName: require('node:path').join(__dirname, 'tsconfig.json') },
    enhancedResolveOptions: {
      exportsFields: ['exports'],
      conditionNames: ['import', 'require', 'node', 'default', 'types'],
      extensions: ['.ts', '.tsx', '.js', '.mjs', '.cjs', '.json'],
    },
    skipAnalysisNotInRules: true,
  },
};
