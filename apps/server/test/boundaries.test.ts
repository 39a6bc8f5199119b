import { execFile } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { promisify } from 'node:util';
import { describe, expect, it } from 'vitest';
import { folderEdges, folderOf, knots, unknownKnots, type CruisedModule } from '../../../scripts/folder-knots';

const root = fileURLToPath(new URL('../../../', import.meta.url));
const fixture = fileURLToPath(new URL('./fixtures/boundaries/', import.meta.url));
const depcruise = `${root}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`;

interface Violation {
  from: string;
  to: string;
  rule: { name: string };
}

/** Runs depcruise with the real `npm run lint:deps` config over a tree (paths relative to `cwd`). */
async function cruise(cwd: string, outputType: 'json' | 'err'): Promise<{ exitCode: number; stdout: string }> {
  const run = promisify(execFile)(process.execPath, [depcruise, 'apps', 'packages', '--config', `${root}.dependency-cruiser.cjs`, '--output-type', outputType], {
    cwd,
    maxBuffer: 64 * 1024 * 1024,
  });
  // A refusal (non-zero exit) still carries the report on stdout.
  return run.then(
    ({ stdout }) => ({ stdout, exitCode: 0 }),
    (e: { stdout: string; code: number }) => ({ stdout: e.stdout, exitCode: e.code }),
  );
}

describe('import boundaries (.dependency-cruiser.cjs)', () => {
  it('reports every forbidden import of a tree that breaks each rule, and nothing the rules allow', async () => {
    const { stdout } = await cruise(fixture, 'json');
    const report = JSON.parse(stdout) as { summary: { violations: Violation[] } };
    const violations = report.summary.violations.map((v) => `${v.rule.name}: ${v.from} → ${v.to}`).sort();
    expect(violations).toEqual(
      [
        // A cycle, even through a type-only import.
        'no-circular: apps/server/src/cycle-a.ts → apps/server/src/cycle-b.ts',
        // The SPA importing server or agent code, or the agent's protocol and process helpers.
        'web-not-server-or-agent: apps/web/src/page.ts → apps/server/src/cycle-a.ts',
        'web-not-server-or-agent: apps/web/src/page.ts → apps/agent/src/agent.ts',
        'web-not-server-or-agent: apps/web/src/page.ts → packages/agent-protocol/src/index.ts',
        'web-not-server-or-agent: apps/web/src/page.ts → packages/local-process/src/index.ts',
        // The server importing the agent's code, or the agent the server's (the protocol passes).
        'server-and-agent-apart: apps/server/src/starts-agent.ts → apps/agent/src/agent.ts',
        'server-and-agent-apart: apps/agent/src/uses-server.ts → apps/server/src/db/client.ts',
        // A route file reaching a repo or the database.
        'routes-not-repo-or-db: apps/server/src/modules/things/things.routes.ts → apps/server/src/modules/things/things.repo.ts',
        'routes-not-repo-or-db: apps/server/src/modules/things/things.routes.ts → apps/server/src/db/client.ts',
        'routes-not-repo-or-db: apps/server/src/modules/things/things.routes.ts → apps/server/src/db/schema.ts',
        // Contracts importing a node module or the server (zod and its own files pass).
        'contracts-only-zod: packages/contracts/src/index.ts → crypto',
        'contracts-only-zod: packages/contracts/src/index.ts → apps/server/src/db/client.ts',
        // The agent protocol importing anything but zod, node's built-ins and its own files, the contracts included.
        'agent-protocol-only-zod: packages/agent-protocol/src/index.ts → ../../../../../node_modules/pg/esm/index.mjs',
        'agent-protocol-only-zod: packages/agent-protocol/src/index.ts → packages/contracts/src/index.ts',
        'agent-protocol-only-zod: packages/agent-protocol/src/index.ts → apps/server/src/db/client.ts',
        // The process helpers importing a library or the server (built-ins and the protocol pass).
        'local-process-only-node: packages/local-process/src/index.ts → ../../../../../node_modules/zod/index.d.cts',
        'local-process-only-node: packages/local-process/src/index.ts → apps/server/src/db/client.ts',
        // The shared SAML service provider importing either app (node-saml, xmldom and built-ins pass).
        'saml-sp-only-saml-libraries: packages/saml-sp/src/index.ts → apps/server/src/db/client.ts',
        // A module importing another module's repos (its service passes).
        'module-not-other-modules-repo: apps/server/src/modules/other/other.service.ts → apps/server/src/modules/things/things.repo.ts',
        'module-not-other-modules-repo: apps/server/src/modules/other/other.service.ts → apps/server/src/modules/things/things.system-repo.ts',
        // ... a repo in one of its rooms (a sub-folder) too.
        'module-not-other-modules-repo: apps/server/src/modules/other/other.service.ts → apps/server/src/modules/things/parts/things.parts-repo.ts',
        // A module importing another's inner files (its repos, its wire shapes); its service and its doors pass.
        'module-only-through-doors: apps/server/src/modules/other/other.service.ts → apps/server/src/modules/things/things.repo.ts',
        'module-only-through-doors: apps/server/src/modules/other/other.service.ts → apps/server/src/modules/things/things.system-repo.ts',
        'module-only-through-doors: apps/server/src/modules/other/other.service.ts → apps/server/src/modules/things/parts/things.parts-repo.ts',
        'module-only-through-doors: apps/server/src/modules/other/other.uses-things.ts → apps/server/src/modules/things/things.wire.ts',
        // A kernel folder naming a module (the composition root and the runtime read the list of manifests), platform/ included.
        'kernel-not-modules: apps/server/src/jobs/registry.ts → apps/server/src/modules/things/things.service.ts',
        'kernel-not-modules: apps/server/src/platform/mount.ts → apps/server/src/modules/things/things.service.ts',
        // The kernel's layers, bottom up: db/ → lib/ → events/, mail/, infra/ → plugins/ → platform/ → jobs/.
        'db-is-the-floor: apps/server/src/db/private-dir.ts → apps/server/src/lib/logger.ts',
        'lib-below-the-kernel: apps/server/src/lib/context.ts → apps/server/src/events/consumer.ts',
        'plugins-above-events-mail-infra: apps/server/src/infra/driver.ts → apps/server/src/plugins/guard.ts',
        'kernel-below-platform-and-jobs: apps/server/src/events/events.jobs.ts → apps/server/src/platform/job-types.ts',
        'kernel-below-platform-and-jobs: apps/server/src/mail/mail.jobs.ts → apps/server/src/platform/job-types.ts',
        'platform-below-jobs: apps/server/src/platform/server-module.ts → apps/server/src/jobs/registry.ts',
        // A module importing one that reads it (the modules' folder knot, scripts/folder-knots.ts).
        'account-reads-others-facts: apps/server/src/modules/instances/instances.module.ts → apps/server/src/modules/account/account.service.ts',
        'instances-not-their-readers: apps/server/src/modules/instances/instances.module.ts → apps/server/src/modules/monitoring/monitoring.service.ts',
        'projects-not-instances: apps/server/src/modules/projects/projects.service.ts → apps/server/src/modules/instances/instances.facts.ts',
        'billing-not-offline-payments: apps/server/src/modules/billing/payment-providers.ts → apps/server/src/modules/offline-payments/offline-cards.door.ts',
        'instances-not-backups: apps/server/src/modules/instances/instances.steps.ts → apps/server/src/modules/backups/backups.step.ts',
        'billing-not-instances: apps/server/src/modules/billing/billing.trial.ts → apps/server/src/modules/instances/instances.facts.ts',
      ].sort(),
    );
  });

  it('fails the way `npm run lint:deps` runs it (the err reporter), so `npm test` stops', async () => {
    const { exitCode, stdout } = await cruise(fixture, 'err');
    expect(exitCode).not.toBe(0);
    expect(stdout).toContain('39 dependency violations');
  });
});

/** A server file and what it imports (`type:` marks a type-only import). */
const file = (source: string, ...imports: string[]): CruisedModule => ({
  source: `apps/server/src/${source}`,
  dependencies: imports.map((i) => ({ resolved: `apps/server/src/${i.replace(/^type:/, '')}`, dependencyTypes: i.startsWith('type:') ? ['local', 'import', 'type-only'] : ['local', 'import'] })),
});

describe('folder knots (scripts/folder-knots.ts, run by `npm run lint:deps`)', () => {
  it('groups the server by its first folder, and under modules/ by module', () => {
    expect(folderOf('apps/server/src/platform/context.ts')).toBe('platform');
    expect(folderOf('apps/server/src/modules/instances/core/instances.facts.ts')).toBe('modules/instances');
    expect(folderOf('apps/server/src/app.ts')).toBe('app.ts');
    expect(folderOf('packages/contracts/src/index.ts')).toBeUndefined();
  });

  it('finds folders tied through different files, a type-only import included, where no file cycle exists', () => {
    const edges = folderEdges([
      file('lib/context.ts', 'type:jobs/commit-signals.ts'),
      file('jobs/job-types.ts', 'lib/logger.ts'),
      file('db/client.ts'),
      file('lib/principal.ts', 'db/client.ts'),
      file('modules/projects/projects.service.ts', 'modules/instances/core/instances.facts.ts'),
    ]);
    expect(knots(edges)).toEqual([['jobs', 'lib']]);
    expect(edges.get('lib')?.get('jobs')).toEqual([{ from: 'apps/server/src/lib/context.ts', to: 'apps/server/src/jobs/commit-signals.ts', typeOnly: true }]);
  });

  it('lets a knot still to untie pass, and stops a new one or one that grew', () => {
    const known = [['modules/billing', 'modules/instances']];
    expect(unknownKnots([['modules/billing', 'modules/instances']], known)).toEqual([]);
    expect(unknownKnots([['modules/instances', 'modules/projects']], known)).toEqual([['modules/instances', 'modules/projects']]);
    expect(unknownKnots([['modules/billing', 'modules/instances', 'modules/projects']], known)).toHaveLength(1);
  });
});

describe('server logging', () => {
  it('goes through the logger (redacted, JSON lines, one level setting), never the console', () => {
    const serverSrc = `${root}apps/server/src`;
    const files = readdirSync(serverSrc, { recursive: true, encoding: 'utf8' }).filter((f) => /\.tsx?$/.test(f));
    expect(files.length).toBeGreaterThan(50);
    const consoleCalls = files.flatMap((file) =>
      readFileSync(`${serverSrc}/${file}`, 'utf8')
        .split('\n')
        .flatMap((line, i) => (/\bconsole\.(log|info|warn|error|debug|trace)\b/.test(line) ? [`${file}:${i + 1}`] : [])),
    );
    expect(consoleCalls).toEqual([]);
  });
});
