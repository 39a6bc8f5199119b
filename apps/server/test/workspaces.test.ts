import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

interface PackageJson {
  name: string;
  main?: string;
  /** A path, or conditions (types, import, default) to paths. */
  exports?: string | Record<string, string | Record<string, string>>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  files?: string[];
}

/**
 * A package that lists the files it publishes ships what it builds (packages/tracker: one
 * bundle with its imports inside): its entry points are build output, which must be among
 * those files, and what its source imports is a build-time dependency.
 */
const isBuilt = (pkg: PackageJson) => pkg.files !== undefined;

const workspaces = ['apps', 'packages'].flatMap((group) =>
  readdirSync(`${root}${group}`, { withFileTypes: true })
    .filter((d) => d.isDirectory() && existsSync(`${root}${group}/${d.name}/package.json`))
    .map((d) => `${group}/${d.name}`),
);
const packageOf = (dir: string) => JSON.parse(readFileSync(`${root}${dir}/package.json`, 'utf8')) as PackageJson;
const workspaceNames = new Set(workspaces.map((dir) => packageOf(dir).name));

/** The workspace packages a folder's source files import, by name. */
function workspaceImports(dir: string): string[] {
  if (!existsSync(dir)) return [];
  const names = new Set<string>();
  for (const file of readdirSync(dir, { recursive: true, encoding: 'utf8' })) {
    if (!/\.(ts|tsx|mts)$/.test(file)) continue;
    const text = readFileSync(`${dir}/${file}`, 'utf8');
    for (const [, name] of text.matchAll(/(?:from\s+|import\s*\(\s*)'(@replay\/[a-z-]+)/g)) names.add(name!);
  }
  return [...names].filter((name) => workspaceNames.has(name)).sort();
}

describe('workspace packages', () => {
  it('finds the twelve workspaces', () => {
    expect(workspaces.sort()).toEqual([
      'apps/agent',
      'apps/server',
      'apps/web',
      'packages/agent-protocol',
      'packages/audit-chain',
      'packages/cli',
      'packages/client',
      'packages/contracts',
      'packages/local-process',
      'packages/saml-sp',
      'packages/test-idp',
      'packages/tracker',
    ]);
  });

  it.each(workspaces)('%s: its main and exports name files that exist', (dir) => {
    const pkg = packageOf(dir);
    const exported = typeof pkg.exports === 'string' ? [pkg.exports] : Object.values(pkg.exports ?? {}).flatMap((t) => (typeof t === 'string' ? [t] : Object.values(t)));
    const targets = [pkg.main, ...exported].filter((t): t is string => typeof t === 'string');
    const published = (target: string) => target === './package.json' || (pkg.files ?? []).some((f) => target.replace(/^\.\//, '').startsWith(f));
    if (isBuilt(pkg)) expect(targets.filter((target) => !published(target))).toEqual([]);
    else expect(targets.filter((target) => !existsSync(`${root}${dir}/${target}`))).toEqual([]);
  });

  it.each(workspaces)('%s: declares every workspace package its source imports (tests: as dependency or devDependency)', (dir) => {
    const pkg = packageOf(dir);
    const declaredForTests = new Set([pkg.name, ...Object.keys(pkg.dependencies ?? {}), ...Object.keys(pkg.devDependencies ?? {})]);
    const declared = isBuilt(pkg) ? declaredForTests : new Set([pkg.name, ...Object.keys(pkg.dependencies ?? {})]);
    expect(workspaceImports(`${root}${dir}/src`).filter((name) => !declared.has(name))).toEqual([]);
    expect(workspaceImports(`${root}${dir}/test`).filter((name) => !declaredForTests.has(name))).toEqual([]);
  });
});

describe('web file names', () => {
  it('hook files are named in one style, use-kebab-case.ts (like every other module that is not a component)', () => {
    const webSrc = `${root}apps/web/src`;
    const hookFiles = readdirSync(webSrc, { recursive: true, encoding: 'utf8' }).filter((f) => /(^|\/)use[-A-Z][^/]*\.tsx?$/.test(f));
    expect(hookFiles.length).toBeGreaterThan(3);
    expect(hookFiles.filter((f) => !/(^|\/)use(-[a-z0-9]+)+(\.test)?\.tsx?$/.test(f))).toEqual([]);
  });
});
