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
      comment:
        "The SPA talks to the server over HTTP through packages/contracts only; server or agent code in the bundle would ship secrets and node modules to browsers. The agent's protocol and process helpers are the drivers' business: the browser's direct health check follows the spec's rule, which any instance meets.",
      from: { path: '^apps/web/' },
      to: { path: '^(apps/(server|agent)|packages/(agent-protocol|local-process))/' },
    },
    {
      name: 'server-and-agent-apart',
      severity: 'error',
      comment:
        "The console and the agent speak only through packages/agent-protocol (and share packages/local-process): the server starts the agent by its package's export, never imports its code, so a driver elsewhere can run the same agent.",
      from: { path: '^apps/(server|agent)/' },
      to: { path: '^apps/(server|agent)/', pathNot: '^apps/$1/' },
    },
    {
      name: 'web-foundations-not-screens',
      severity: 'error',
      comment:
        "The SPA's layers, top to bottom: app/ (shell, route table, providers) → routes/ (pages) → features/ (one concern's hooks and widgets) → components/ and lib/ (shared). A shared piece that imported a page or a feature would drag that screen into every bundle that uses it. Two foundations are read from below: the public config (features/config/api) and the theme.",
      from: { path: '^apps/web/src/(components|lib)/' },
      to: { path: '^apps/web/src/(app|routes|features)/', pathNot: ['^apps/web/src/features/config/api\\.ts$', '^apps/web/src/app/theme\\.ts$'] },
    },
    {
      name: 'web-features-not-pages',
      severity: 'error',
      comment: 'A feature serves the pages; it never imports one, nor the shell. It may read the signed-in session (app/session) and the theme, which every screen shares.',
      from: { path: '^apps/web/src/features/' },
      to: { path: '^apps/web/src/(routes|app)/', pathNot: ['^apps/web/src/app/session/', '^apps/web/src/app/theme\\.ts$'] },
    },
    {
      name: 'web-pages-not-shell',
      severity: 'error',
      comment: "A page is mounted by the shell's route table; it reads the session, the theme and the trial banner's rule, never the route table or the providers.",
      from: { path: '^apps/web/src/routes/' },
      to: { path: '^apps/web/src/app/', pathNot: ['^apps/web/src/app/session/', '^apps/web/src/app/theme\\.ts$', '^apps/web/src/app/shell/trial\\.ts$'] },
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
      comment: 'packages/contracts is the wire shared by server and browser: its source imports its own files and zod, nothing else (its tests may use test libraries).',
      from: { path: '^packages/contracts/src/' },
      to: { pathNot: ['^packages/contracts/', '(^|/)node_modules/zod/'] },
    },
    {
      name: 'agent-protocol-only-zod',
      severity: 'error',
      comment: "packages/agent-protocol is the wire between any driver and the agent, which runs it from source: its own files, node's built-ins (both ends are node) and zod, nothing else.",
      from: { path: '^packages/agent-protocol/src/' },
      to: { pathNot: ['^packages/agent-protocol/', '(^|/)node_modules/zod/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'local-process-only-node',
      severity: 'error',
      comment: "packages/local-process is loaded by the console and by every agent: node's built-ins, its own files and the agent protocol (the agent's flag names), nothing else.",
      from: { path: '^packages/local-process/src/' },
      to: { pathNot: ['^packages/(local-process|agent-protocol)/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'saml-sp-only-saml-libraries',
      severity: 'error',
      comment:
        "packages/saml-sp is what the agent and the console share as SAML service providers: node's built-ins, its own files and the SAML libraries both already load (node-saml, xmldom), nothing of either app.",
      from: { path: '^packages/saml-sp/src/' },
      to: { pathNot: ['^packages/saml-sp/', '(^|/)node_modules/(@node-saml/node-saml|@xmldom/xmldom)/'], dependencyTypesNot: ['core'] },
    },
    {
      name: 'module-not-other-modules-repo',
      severity: 'error',
      comment: "A module reaches another module's data through that module's service or a shared lib, never its repo.",
      from: { path: `${SERVER_MODULES}([^/]+)/` },
      // A module's repos may sit in its rooms (modules/instances/core/instances.repo.ts): any depth counts.
      to: { path: `${SERVER_MODULES}[^/]+/.*${REPO_FILE}`, pathNot: `${SERVER_MODULES}$1/` },
    },
    {
      name: 'module-only-through-doors',
      severity: 'error',
      comment:
        'A module uses another only through its doors: its manifest (*.module.ts), services (*.service.ts), read-only facts (*.facts.ts), events (*.events.ts), jobs (*.jobs.ts), workflow steps (*.step.ts, *-step.ts) and what it offers others by name (*.door.ts). Its routes, repos, wire shapes and inner helpers stay its own.',
      from: { path: `${SERVER_MODULES}([^/]+)/` },
      to: { path: SERVER_MODULES, pathNot: [`${SERVER_MODULES}$1/`, '[.-](module|service|facts|events|jobs|step|door)\\.ts$'] },
    },
    {
      name: 'kernel-not-modules',
      severity: 'error',
      comment:
        'The kernel runs whatever modules the list names and never names one: a module adds its services, routes, jobs, schedules and consumers through its manifest (modules/index.ts), read by the composition root, the app and the runtime.',
      from: { path: '^apps/server/src/(lib|jobs|events|mail|plugins|db|infra|config|platform)/' },
      to: { path: SERVER_MODULES },
    },
    {
      name: 'db-is-the-floor',
      severity: 'error',
      comment:
        'db/ (the client, the schema, the data folder) is the bottom of the kernel: every other folder reads it, so it reads none of them; a caller hands it what it needs (the logger). scripts/folder-knots.ts prints the folder knots this keeps db/ out of.',
      from: { path: '^apps/server/src/db/' },
      to: { path: '^apps/server/src/(lib|jobs|events|mail|plugins|infra|platform)/' },
    },
    {
      name: 'lib-below-the-kernel',
      severity: 'error',
      comment:
        "lib/ holds the helpers the rest of the kernel uses (ids, the logger, errors, seals, the clock, the caller's principal): it reads config/ and db/ only. What names the whole app (its context, the module manifest, mounting an endpoint) sits above, in platform/.",
      from: { path: '^apps/server/src/lib/' },
      to: { path: '^apps/server/src/(events|mail|infra|plugins|platform|jobs)/' },
    },
    {
      name: 'plugins-above-events-mail-infra',
      severity: 'error',
      comment: "The request plugins read the driver's errors (plugins/errors.ts); the event spine, the mailer and the drivers never read a request plugin.",
      from: { path: '^apps/server/src/(events|mail|infra)/' },
      to: { path: '^apps/server/src/plugins/' },
    },
    {
      name: 'kernel-below-platform-and-jobs',
      severity: 'error',
      comment:
        "platform/ names the app's context, the manifest and its job types, and mounts endpoints: it reads every kernel folder under it, so none of them reads it back. The workers (jobs/) run what the manifests declare, the domain events' fan-out and the mail delivery included, so events/ and mail/ never define a job: the kernel's own outboxes sit beside the workers (jobs/kernel-outboxes.ts).",
      from: { path: '^apps/server/src/(events|mail|infra|plugins)/' },
      to: { path: '^apps/server/src/(platform|jobs)/' },
    },
    {
      name: 'platform-below-jobs',
      severity: 'error',
      comment: "The workers, the commit relay and the kernel's outboxes (jobs/) run the job types platform/ declares; platform/ never imports the runtime that runs them.",
      from: { path: '^apps/server/src/platform/' },
      to: { path: '^apps/server/src/jobs/' },
    },
    {
      name: 'account-reads-others-facts',
      severity: 'error',
      comment:
        "The account counts what instances, projects and billing hold, through their facts; they never import the account module back (a manifest types the one source it takes as its own service declares it). Part of untying the modules' folder knot (scripts/folder-knots.ts).",
      from: { path: `${SERVER_MODULES}(instances|projects|billing)/` },
      to: { path: `${SERVER_MODULES}account/` },
    },
    {
      name: 'instances-not-their-readers',
      severity: 'error',
      comment: "Monitoring and alerts read instances; instances never imports them back: the config manifest types monitoring's statistics as its own service takes them.",
      from: { path: `${SERVER_MODULES}instances/` },
      to: { path: `${SERVER_MODULES}(monitoring|alerts)/` },
    },
    {
      name: 'projects-not-instances',
      severity: 'error',
      comment:
        "instances reads projects' facts (the default project, the keys' digests, the sites' count), so projects never imports instances: what it needs of it comes through ProjectsInstancesPort.",
      from: { path: `${SERVER_MODULES}projects/` },
      to: { path: `${SERVER_MODULES}instances/` },
    },
    {
      name: 'instances-not-backups',
      severity: 'error',
      comment:
        "Backups use the instances' core and workflow; instances never import backups: the backup and restore steps, and the upgrade's copy kept as a backup, reach the workflow as the service the backups manifest builds (instanceWorkflowOffers, typed by instances.workflow-offers.door.ts).",
      from: { path: `${SERVER_MODULES}instances/` },
      to: { path: `${SERVER_MODULES}backups/` },
    },
    {
      name: 'billing-not-instances',
      severity: 'error',
      comment:
        "instances read billing's facts (the create gate, the accept-change door), so billing never imports instances: the trial's end asks them to stop and terminate through TrialInstancesPort, which the instances core's service trialInstances fills.",
      from: { path: `${SERVER_MODULES}billing/` },
      to: { path: `${SERVER_MODULES}instances/` },
    },
    {
      name: 'billing-not-offline-payments',
      severity: 'error',
      comment: "The offline payment provider is billing's, beside Stripe's; modules/offline-payments serves its card page through billing's doors and is never imported by billing.",
      from: { path: `${SERVER_MODULES}billing/` },
      to: { path: `${SERVER_MODULES}offline-payments/` },
    },
  ],
  options: {
    // The fixture that proves these rules bite breaks each of them on purpose. Libraries are
    // not excluded (only not followed), so a rule can see a package importing one.
    exclude: { path: ['(^|/)dist/', '(^|/)test/fixtures/boundaries/'] },
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
