import { existsSync, readFileSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

interface PackageJson {
  name: string;
  main?: string;
  exports?: string | Record<string, string>;
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
}

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
  it('finds the ten workspaces', () => {
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
      'packages/test-idp',
    ]);
  });

  it.each(workspaces)('%s: its main and exports name files that exist', (dir) => {
    const pkg = packageOf(dir);
    const targets = [pkg.main, ...(typeof pkg.exports === 'string' ? [pkg.exports] : Object.values(pkg.exports ?? {}))].filter((t) => t !== undefined);
    expect(targets.filter((target) => !existsSync(`${root}${dir}/${target}`))).toEqual([]);
  });

  it.each(workspaces)('%s: declares every workspace package its source imports (tests: as dependency or devDependency)', (dir) => {
    const pkg = packageOf(dir);
    const declared = new Set(Object.keys(pkg.dependencies ?? {}));
    const declaredForTests = new Set([...declared, ...Object.keys(pkg.devDependencies ?? {})]);
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
