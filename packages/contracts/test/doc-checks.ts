import { existsSync, readdirSync, readFileSync, statSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * What the spec-trace test checks beyond the trace itself: the decisions
 * tables of docs/decisions/, and that every repository path a doc names
 * exists. A doc that names a moved or deleted file fails, naming its line.
 */

export const DECISIONS_DIR = 'docs/decisions';
const DECISIONS_HEADER = ['subject', 'decision', 'why'];

/** Cells of a Markdown table line; `\|` stays inside its cell. */
export function cellsOf(line: string): string[] {
  const inner = line.trim().replace(/^\|/, '').replace(/\|$/, '');
  return inner.split(/(?<!\\)\|/).map((cell) => cell.trim().replace(/\\\|/g, '|'));
}

const isDecisionsHeader = (line: string) => line.startsWith('|') && cellsOf(line).join('|') === DECISIONS_HEADER.join('|');

/** The subjects (first cells) of the decisions tables in one file's text. */
export function decisionSubjectsIn(text: string): string[] {
  const subjects: string[] = [];
  let inTable = false;
  for (const line of text.split('\n')) {
    if (isDecisionsHeader(line)) inTable = true;
    else if (!line.startsWith('|')) inTable = false;
    else if (inTable && !line.startsWith('|---')) subjects.push(cellsOf(line)[0] ?? '');
  }
  return subjects.filter((subject) => subject !== '');
}

/** Every subject of every docs/decisions/*.md table, and any subject used twice. */
export function readDecisions(root: string): { subjects: Set<string>; problems: string[] } {
  const subjects = new Set<string>();
  const problems: string[] = [];
  const dir = resolve(root, DECISIONS_DIR);
  for (const file of readdirSync(dir)
    .filter((name) => name.endsWith('.md'))
    .sort()) {
    for (const subject of decisionSubjectsIn(readFileSync(join(dir, file), 'utf8'))) {
      if (subjects.has(subject)) problems.push(`${DECISIONS_DIR}/${file}: the subject '${subject}' is a row of another table too`);
      subjects.add(subject);
    }
  }
  return { subjects, problems };
}

/** The docs whose paths are checked: README.md and every Markdown file under docs/. */
export function docFiles(root: string): string[] {
  const found: string[] = ['README.md'];
  const walk = (relative: string) => {
    for (const name of readdirSync(resolve(root, relative)).sort()) {
      const path = `${relative}/${name}`;
      if (statSync(resolve(root, path)).isDirectory()) walk(path);
      else if (name.endsWith('.md')) found.push(path);
    }
  };
  walk('docs');
  return found;
}

/** The repository's top-level folders a doc's path may start with (not node_modules or .git). */
export function topLevelFolders(root: string): Set<string> {
  const skip = new Set(['node_modules', '.git', '.data']);
  return new Set(
    readdirSync(root, { withFileTypes: true })
      .filter((entry) => entry.isDirectory() && !skip.has(entry.name))
      .map((entry) => entry.name),
  );
}

/** Blanks fenced code blocks, keeping their lines, so spans are only read from prose and tables. */
function withoutFences(text: string): string {
  let fenced = false;
  return text
    .split('\n')
    .map((line) => {
      if (/^\s*```/.test(line)) {
        fenced = !fenced;
        return '';
      }
      return fenced ? '' : line;
    })
    .join('\n');
}

const lineAt = (text: string, index: number) => text.slice(0, index).split('\n').length;

/**
 * The file a code span names, or null when it names none: its first word
 * (a trailing ` › test title` and anything after a space left out), without
 * a `:line` or `#anchor`, when it starts with a top-level folder and a '/'.
 * A pattern (`*`, `<id>`, `{a,b}`, `…`) is checked up to the folder it is in.
 */
export function pathOfSpan(span: string, folders: Set<string>): string | null {
  const word = span.trim().split(/\s/)[0] ?? '';
  const path = word
    .replace(/#.*$/, '')
    .replace(/:\d+(?:-\d+)?$/, '')
    .replace(/[.,;]$/, '');
  const slash = path.indexOf('/');
  if (slash <= 0 || !folders.has(path.slice(0, slash))) return null;
  const pattern = path.search(/[*<>{}…]/);
  if (pattern < 0) return path;
  return path.slice(0, path.lastIndexOf('/', pattern) + 1);
}

/** The places a doc's text names a path that does not exist: code spans and relative links. */
export function missingPathsIn(doc: string, text: string, folders: Set<string>, exists: (path: string) => boolean): string[] {
  const prose = withoutFences(text);
  const problems: string[] = [];
  for (const match of prose.matchAll(/`([^`]+)`/g)) {
    const path = pathOfSpan(match[1] ?? '', folders);
    if (path !== null && !exists(path)) problems.push(`${doc}:${lineAt(prose, match.index ?? 0)}: '${path}' does not exist`);
  }
  for (const match of prose.matchAll(/\]\(([^)\s]+)\)/g)) {
    const target = (match[1] ?? '').replace(/#.*$/, '');
    if (target === '' || /^[a-z]+:/i.test(target)) continue;
    const path = join(dirname(doc), target);
    if (!exists(path)) problems.push(`${doc}:${lineAt(prose, match.index ?? 0)}: the link '${match[1]}' leads to nothing`);
  }
  return problems;
}

/** Every missing path named by README.md and docs/**\/*.md, as `doc:line: …`. */
export function missingDocPaths(root: string): string[] {
  const folders = topLevelFolders(root);
  const exists = (path: string) => existsSync(resolve(root, path));
  return docFiles(root).flatMap((doc) => missingPathsIn(doc, readFileSync(resolve(root, doc), 'utf8'), folders, exists));
}
