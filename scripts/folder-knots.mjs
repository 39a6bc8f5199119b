/**
 * Prints the server's folder knots: the strongly connected components of the graph whose nodes
 * are apps/server/src's folders (the first segment under src/, and under src/modules/ each
 * module's folder) and whose edges are the imports between them, type-only imports included.
 * A knot is a set of folders that cannot be understood, tested or moved one without the others,
 * even when no file-level cycle exists (dependency-cruiser's `no-circular` only sees those).
 *
 *     node scripts/folder-knots.mjs            # every knot and each import inside it
 *     node scripts/folder-knots.mjs --check    # the same, and exit 1 when there is a knot
 *
 * `npm run lint:deps` runs the check, so a knot cannot come back.
 */
import { execFileSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('../', import.meta.url));
const SERVER_SRC = 'apps/server/src/';

/** The folder a server file belongs to, or undefined for a file outside apps/server/src. */
export function folderOf(path) {
  if (!path.startsWith(SERVER_SRC)) return undefined;
  const [first, second] = path.slice(SERVER_SRC.length).split('/');
  // A module's folder under modules/ (modules/index.ts, the list of manifests, is a node of its own,
  // as is each file at src/'s top: the composition root, the app, the entry points).
  return first === 'modules' && second !== undefined ? `modules/${second}` : first;
}

/** Every import between two different folders: from folder → to folder → the file-level imports. */
export function folderEdges(modules) {
  const edges = new Map();
  for (const module of modules) {
    const from = folderOf(module.source);
    if (from === undefined) continue;
    for (const dependency of module.dependencies) {
      const to = folderOf(dependency.resolved);
      if (to === undefined || to === from) continue;
      const typeOnly = dependency.dependencyTypes.includes('type-only');
      if (!edges.has(from)) edges.set(from, new Map());
      const targets = edges.get(from);
      if (!targets.has(to)) targets.set(to, []);
      targets.get(to).push({ from: module.source, to: dependency.resolved, typeOnly });
    }
  }
  return edges;
}

/** Tarjan's strongly connected components with more than one folder, each sorted by name. */
export function knots(edges) {
  const index = new Map();
  const low = new Map();
  const stack = [];
  const onStack = new Set();
  const components = [];
  let next = 0;
  const visit = (node) => {
    index.set(node, next);
    low.set(node, next);
    next += 1;
    stack.push(node);
    onStack.add(node);
    for (const target of edges.get(node)?.keys() ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(node, Math.min(low.get(node), low.get(target)));
      } else if (onStack.has(target)) {
        low.set(node, Math.min(low.get(node), index.get(target)));
      }
    }
    if (low.get(node) !== index.get(node)) return;
    const component = [];
    let member;
    do {
      member = stack.pop();
      onStack.delete(member);
      component.push(member);
    } while (member !== node);
    if (component.length > 1) components.push(component.sort());
  };
  for (const node of [...edges.keys()].sort()) if (!index.has(node)) visit(node);
  return components.sort((a, b) => a[0].localeCompare(b[0]));
}

/** The server's modules as dependency-cruiser sees them with the repository's own settings. */
function cruiseServer() {
  const depcruise = `${root}node_modules/dependency-cruiser/bin/dependency-cruise.mjs`;
  const args = [depcruise, 'apps/server/src', '--config', '.dependency-cruiser.cjs', '--output-type', 'json'];
  // A rule violation still prints the whole report; the exit code is not this script's business.
  try {
    return JSON.parse(execFileSync(process.execPath, args, { cwd: root, maxBuffer: 256 * 1024 * 1024, encoding: 'utf8' })).modules;
  } catch (error) {
    if (typeof error.stdout === 'string' && error.stdout.startsWith('{')) return JSON.parse(error.stdout).modules;
    throw error;
  }
}

function report(edges, components) {
  const lines = [];
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
  if (components.length === 0) {
    process.stdout.write('No folder knots in apps/server/src.\n');
  } else {
    process.stdout.write(`${report(edges, components)}\n`);
    if (process.argv.includes('--check')) {
      process.stderr.write(`${components.length} folder knot(s) in apps/server/src: break each import above (docs/ARCHITECTURE.md).\n`);
      process.exitCode = 1;
    }
  }
}
