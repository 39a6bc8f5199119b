import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { cellsOf, DECISIONS_DIR, decisionSubjectsIn, docFiles, missingDocPaths, missingPathsIn, readDecisions } from './doc-checks';

/**
 * Keeps docs/SPEC-TRACE.md honest: every test it names exists with that exact
 * title, every decision it names is a row of a decisions table in
 * docs/decisions/, every code path it names exists, and the counts at its top
 * are the rows' own. A trace that drifted from the code fails here, naming the
 * row. And keeps every doc honest about the repository: a path README.md or a
 * doc under docs/ names that does not exist fails, naming the doc and line.
 */
const root = resolve(dirname(fileURLToPath(import.meta.url)), '../../..');
const TRACE = 'docs/SPEC-TRACE.md';
const STATUSES = ['done', 'decision', 'partial', 'missing'] as const;
type Status = (typeof STATUSES)[number];
const HEADER = ['ID', 'Requirement', 'Code', 'Proof', 'Status', 'Note'];

const read = (path: string) => readFileSync(resolve(root, path), 'utf8');

/**
 * The literal titles of a test file's it(...)/test(...) calls (also
 * `it.each(...)('title')`), escapes decoded. A template literal with `${` is
 * not a literal title and is left out, so the trace cannot name one.
 */
function testTitles(source: string): Set<string> {
  const call = /(?:\b(?:it|test)(?:\.(?:only|skip|concurrent|fails|todo|sequential))*|\.each\([^;]*?\))\(\s*(['"`])((?:\\.|(?!\1)[^\\])*)\1/g;
  const titles = new Set<string>();
  for (const match of source.matchAll(call)) {
    const [, quote, body = ''] = match;
    if (quote === '`' && body.includes('${')) continue;
    titles.add(body.replace(/\\(.)/g, '$1'));
  }
  return titles;
}

/** A test named in the trace: in a test file, or in a suite module that shard files run (apps/server/test/generated/). */
const TEST_ITEM = /^([\w@.\-/]+\.(?:test|suite)\.tsx?) › (.+)$/;
const DECISION_ITEM = /^decision: (.+)$/;

/**
 * A proof cell's items, split on '; ' — a title may itself hold '; ', so a
 * piece that does not start a new item belongs to the one before it.
 */
function proofItems(cell: string): string[] {
  if (cell === '' || cell === '—') return [];
  const items: string[] = [];
  for (const piece of cell.split('; ')) {
    const starts = /^[\w@.\-/]+\.(?:test|suite)\.tsx? › /.test(piece) || piece.startsWith('decision: ');
    if (starts || items.length === 0) items.push(piece);
    else items[items.length - 1] += `; ${piece}`;
  }
  return items.map((item) => item.trim());
}

interface Row {
  id: string;
  line: number;
  cells: string[];
}

function traceRows(trace: string): { rows: Row[]; problems: string[] } {
  const rows: Row[] = [];
  const problems: string[] = [];
  trace.split('\n').forEach((text, index) => {
    if (!text.startsWith('|')) return;
    const cells = cellsOf(text);
    if (cells[0] === 'ID' && cells[1] === 'Requirement') {
      if (cells.join('|') !== HEADER.join('|')) problems.push(`line ${index + 1}: a table header must be | ${HEADER.join(' | ')} |`);
      return;
    }
    const id = cells[0] ?? '';
    if (!/^\d+\.\d+$/.test(id)) return;
    if (cells.length !== HEADER.length) {
      problems.push(`row ${id} (line ${index + 1}): ${cells.length} cells, expected ${HEADER.length}`);
      return;
    }
    rows.push({ id, line: index + 1, cells });
  });
  return { rows, problems };
}

function checkTrace(): { problems: string[]; counts: Record<Status, number>; written: string | undefined } {
  const trace = read(TRACE);
  const { subjects } = readDecisions(root);
  const titleCache = new Map<string, Set<string> | null>();
  const titlesOf = (path: string) => {
    if (!titleCache.has(path)) {
      const full = resolve(root, path);
      titleCache.set(path, existsSync(full) ? testTitles(readFileSync(full, 'utf8')) : null);
    }
    return titleCache.get(path);
  };

  const { rows, problems } = traceRows(trace);
  const counts: Record<Status, number> = { done: 0, decision: 0, partial: 0, missing: 0 };
  const seen = new Set<string>();
  for (const { id, line, cells } of rows) {
    const [, requirement, code, proof, status, note] = cells as [string, string, string, string, string, string];
    const at = `row ${id} (line ${line})`;
    if (seen.has(id)) problems.push(`${at}: the id is used twice`);
    seen.add(id);
    if (!requirement) problems.push(`${at}: no requirement`);
    if (!(STATUSES as readonly string[]).includes(status)) {
      problems.push(`${at}: unknown status '${status}' (one of ${STATUSES.join(', ')})`);
      continue;
    }
    counts[status as Status] += 1;

    for (const [, path] of code.matchAll(/`([^`]+)`/g)) {
      const file = (path ?? '').replace(/[#:].*$/, '');
      if (file.includes('/') && !existsSync(resolve(root, file))) problems.push(`${at}: code path '${file}' does not exist`);
    }

    let tests = 0;
    let decisions = 0;
    for (const item of proofItems(proof)) {
      const test = TEST_ITEM.exec(item);
      const decision = DECISION_ITEM.exec(item);
      if (test) {
        const [, file = '', title = ''] = test;
        const titles = titlesOf(file);
        if (titles === null) problems.push(`${at}: test file '${file}' does not exist`);
        else if (!titles?.has(title)) problems.push(`${at}: '${file}' has no it()/test() titled '${title}'`);
        else tests += 1;
      } else if (decision) {
        const subject = decision[1] ?? '';
        if (!subjects.has(subject)) problems.push(`${at}: '${subject}' is not a subject of a decisions table in ${DECISIONS_DIR}/`);
        else decisions += 1;
      } else {
        problems.push(`${at}: proof '${item}' is neither 'path.test.ts › title' (or 'path.suite.ts › title') nor 'decision: subject'`);
      }
    }
    if (status === 'done' && tests === 0) problems.push(`${at}: status done without a test that proves it`);
    if (status === 'decision' && decisions === 0) problems.push(`${at}: status decision without a decisions-table row`);
    if ((status === 'partial' || status === 'missing') && (note === '' || note === '—')) {
      problems.push(`${at}: status ${status} without a note saying what is lacking`);
    }
  }
  const written = /^Counts: (done \d+ · decision \d+ · partial \d+ · missing \d+ · total \d+)$/m.exec(trace)?.[1];
  return { problems, counts, written };
}

describe('docs/SPEC-TRACE.md', () => {
  it('names only tests, decisions and code that exist, with a known status and a proof for every done row', () => {
    const { problems } = checkTrace();
    expect(problems).toEqual([]);
  });

  it('states at its top the counts its rows have', () => {
    const { counts, written } = checkTrace();
    const total = counts.done + counts.decision + counts.partial + counts.missing;
    expect(written).toBe(`done ${counts.done} · decision ${counts.decision} · partial ${counts.partial} · missing ${counts.missing} · total ${total}`);
  });
});

describe('the decisions tables', () => {
  it('hold each subject once across every file, and live only in docs/decisions/', () => {
    const { subjects, problems } = readDecisions(root);
    expect(subjects.size).toBeGreaterThan(0);
    const elsewhere = docFiles(root)
      .filter((doc) => !doc.startsWith(`${DECISIONS_DIR}/`))
      .filter((doc) => decisionSubjectsIn(read(doc)).length > 0)
      .map((doc) => `${doc}: a decisions table belongs in ${DECISIONS_DIR}/<area>.md`);
    expect([...problems, ...elsewhere]).toEqual([]);
  });
});

describe('the docs', () => {
  it('name only repository paths that exist (README.md and docs/**/*.md)', () => {
    expect(missingDocPaths(root)).toEqual([]);
  });

  it('keep docs/ARCHITECTURE.md a map of at most 400 lines (details go to docs/flows/, decisions to docs/decisions/)', () => {
    expect(read('docs/ARCHITECTURE.md').trimEnd().split('\n').length).toBeLessThanOrEqual(400);
  });
});

describe('the trace checker', () => {
  it('reads the titles of it() and test() calls, escapes decoded, and no template with a placeholder', () => {
    const titles = testTitles("it('a \\'quoted\\' title', f);\ntest(\n  \"spread over lines\", f);\nit.each(cases)('%s each', f);\nit(`x ${y}`, f);");
    expect([...titles]).toEqual(["a 'quoted' title", 'spread over lines', '%s each']);
  });

  it('keeps a title holding "; " in one proof item', () => {
    expect(proofItems('a/b.test.ts › one; two; decision: x; c/d.test.tsx › three')).toEqual(['a/b.test.ts › one; two', 'decision: x', 'c/d.test.tsx › three']);
  });

  it('names the doc and line of a path or a link that leads to nothing, and lets real ones, patterns and other words pass', () => {
    const folders = new Set(['apps', 'docs']);
    const files = new Set(['apps/a.ts', 'apps/b/', 'docs/x.md']);
    const exists = (path: string) => files.has(path) || files.has(`${path}/`);
    const text = [
      'Real: `apps/a.ts:12`, `apps/a.ts#top`, `apps/a.ts › a title`, `apps/b/<id>.ts`, [x](x.md).',
      'Not paths: `npm run build -w apps/gone`, `lib/gone.ts`, `a/b`.',
      '```',
      '`apps/fenced.ts`',
      '```',
      'Missing: `apps/gone.ts:3`,',
      'and `apps/c/*.test.ts`, [y](../apps/y.md#z).',
    ].join('\n');
    expect(missingPathsIn('docs/doc.md', text, folders, exists)).toEqual([
      "docs/doc.md:6: 'apps/gone.ts' does not exist",
      "docs/doc.md:7: 'apps/c/' does not exist",
      "docs/doc.md:7: the link '../apps/y.md#z' leads to nothing",
    ]);
  });

  it('reads the subjects of a decisions table, and of no other table', () => {
    const text = '| a | b |\n|---|---|\n| not | this |\n\n| subject | decision | why |\n|---|---|---|\n| one | d | w |\n| two \\| more | d | w |\n';
    expect(decisionSubjectsIn(text)).toEqual(['one', 'two | more']);
  });
});
