/**
 * Prints the server's folder knots: the strongly connected components of the graph whose nodes
 * are apps/server/src's folders (the first segment under src/, and under src/modules/ each
 * module's folder) and whose edges are the imports between them, type-only imports included.
 * A knot is a set of folders that cannot be understood, tested or moved one without the others,
 * even when no file-level cycle exists (dependency-cruiser's `no-circular` only sees those).
 *
 *     npx tsx scripts/folder-knots.ts            # every knot and each import inside it
 *     npx tsx scripts/folder-knots.ts --check    # exit 1 on a knot not within one of STILL_TO_UNTIE
 *
 * `npm run lint:deps` runs the check, so a knot cannot come back or grow; dependency-cruiser's
 * rules (.dependency-cruiser.cjs) name the directions that untied the others.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const SERVER_SRC = 'apps/server/src/';

/**
 * The knots not untied yet (issue 44, point 2): none is left. A knot passes the check only within
 * one of these; a line added here (with why) lets a knot in while it is being untied, and comes
 * out once it is, so that it stays so.
 */
export const STILL_TO_UNTIE: readonly string[][] = [];

/** The knots that are not within one of the known ones: new, or grown. */
export const unknownKnots = (components: readonly string[][], known: readonly string[][] = STILL_TO_UNTIE): string[][] =>
  components.filter((c) => !known.some((k) => c.every((folder) => k.includes(folder))));

/** The folder a server file belongs to, or undefined for a file outside apps/server/src. */
export function folderOf(path: string): string | undefined {
  if (!path.startsWith(SERVER_SRC)) return undefined;
  const [first, second] = path.slice(SERVER_SRC.length).split('/');
  // A module's folder under modules/ (modules/index.ts, the list of manifests, is a node of its own,
  // as is each file at src/'s top: the composition root, the app, the entry points).
  return first === 'modules' && second !== undefined ? `modules/${second}` : first;
}

/** One module as dependency-cruiser's JSON report gives it (the fields read here). */
export interface CruisedModule {
  source: string;
  dependencies: { resolved: string; dependencyTypes: string[] }[];
}

/** A file-level import behind a folder-level edge. */
export interface FileImport {
  from: string;
  to: string;
  typeOnly: boolean;
}

/** from folder → to folder → the file-level imports between them. */
export type FolderEdges = Map<string, Map<string, FileImport[]>>;

/** Every import between two different folders: from folder → to folder → the file-level imports. */
export function folderEdges(modules: readonly CruisedModule[]): FolderEdges {
  const edges: FolderEdges = new Map();
  for (const module of modules) {
    const from = folderOf(module.source);
    if (from === undefined) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (to === undefined || to === from) continue;
      const typeOnly = dependency.dependencyTypes.includes('type-only');
      const targets = edges.get(from) ?? new Map<string, FileImport[]>();
      edges.set(from, targets);
      const imports = targets.get(to) ?? [];
      targets.set(to, imports);
      imports.push({ from: module.source, to: dependency.resolved, typeOnly });
    }
  }
  return edges;
}

/** Tarjan's strongly connected components with more than one folder, each sorted by name. */
export function knots(edges: FolderEdges): string[][] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const components: string[][] = [];
  let next = 0;
  const lowOf = (node: string): number => low.get(node) ?? 0;
  const visit = (node: string): void => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node)?.keys() ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(lowOf(node), lowOf(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(lowOf(node), index.get(target) ?? 0));
      }
    }
    if (lowOf(node) !== index.get(node)) return;
    const component: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => (a[0] ?? '').localeCompare(b[0] ?? ''));
}

/** The server's modules as dependency-cruiser sees them with the repository's own settings. */
function cruiseServer(): CruisedModule[] {
  const depcruise = `${root}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`;
  const args = [depcruise, 'apps/server/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
  // A rule violation still prints the whole report; the exit code is not this script's business.
  try {
    return (JSON.parse(execFileSync(process.execPath, args, { cwd: root, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' })) as { modules: CruisedModule[] }).modules;
  } catch (error) {
    const stdout = (error as { stdout?: unknown }).stdout;
    if (typeof stdout === 'string' && stdout.startsWith('{')) return (JSON.parse(stdout) as { modules: CruisedModule[] }).modules;
    throw error;
  }
}

export function report(edges: FolderEdges, components: readonly string[][]): string {
  const lines: string[] = [];
  for (const component of components) {
    lines.push(`knot: ${component.join(', ')}`);
    const members = new Set(component);
    for (const from of component) {
      for (const [to, imports] of [...(edges.get(from) ?? new Map())].sort(([a], [b]) => a.localeCompare(b))) {
        if (!members.has(to)) continue;
        lines.push(`  ${from} → ${to}`);
        for (const i of imports) lines.push(`    ${i.from} → ${i.to}${i.typeOnly ? ' (type)' : ''}`);
      }
    }
  }
  return lines.join('\n');
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  const edges = folderEdges(cruiseServer());
  const components = knots(edges);
  if (!process.argv.includes('--check')) {
    process.stdout.write(components.length === 0 ? 'No folder knots in apps/server/src.\n' : `${report(edges, components)}\n`);
  } else {
    const unknown = unknownKnots(components);
    if (unknown.length > 0) {
      process.stdout.write(`${report(edges, unknown)}\n`);
      process.stderr.write(`${unknown.length} new or grown folder knot(s) in apps/server/src: break an import above (docs/ARCHITECTURE.md).\n`);
      process.exitCode = 1;
    } else {
      process.stdout.write(`✔ no new folder knot in apps/server/src (${components.length} still to untie: scripts/folder-knots.ts)\n`);
    }
  }
}
