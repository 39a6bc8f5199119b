import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Module-level mutable state in a tree of TypeScript files: top-level `let`/`var`, and top-level
 * constants made with `new Map|Set|WeakMap|WeakSet|Array` (a ReadonlyMap/ReadonlySet type says it
 * is a table, not state). The server and web projects run with module isolation off
 * (vitest.config.ts), so a module is evaluated once per worker and such state lives from one test
 * file into the next; each project's check (apps/server/test/module-state.test.ts,
 * apps/web/src/test/module-state.test.ts) lists every finding with why it cannot carry one file's
 * data into another, or resets it.
 */
const MUTABLE_CONSTRUCTORS: ReadonlySet<string> = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array']);

/** The source files under `dir` (test files instead when `tests` is set); fixtures and declarations left out. */
export function sourceFiles(dir: string, tests = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : sourceFiles(path, tests);
    return /\.tsx?$/.test(entry.name) && !/\.d\.ts$/.test(entry.name) && /\.test\.tsx?$/.test(entry.name) === tests ? [path] : [];
  });
}

function isReadonlyType(type: ts.TypeNode | undefined): boolean {
  return type !== undefined && ts.isTypeReferenceNode(type) && /^Readonly(Map|Set)$/.test(type.typeName.getText());
}

function isMutableConstruction(init: ts.Expression | undefined): boolean {
  return init !== undefined && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && MUTABLE_CONSTRUCTORS.has(init.expression.text);
}

/** The names of the module-level state one source text declares. */
export function stateIn(fileName: string, text: string): string[] {
  const source = ts.createSourceFile(fileName, text, ts.ScriptTarget.Latest, true);
  const found: string[] = [];
  for (const statement of source.statements) {
    if (!ts.isVariableStatement(statement)) continue;
    const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
    for (const declaration of statement.declarationList.declarations) {
      const mutable = !isConst || (isMutableConstruction(declaration.initializer) && !isReadonlyType(declaration.type));
      if (mutable) found.push(declaration.name.getText());
    }
  }
  return found;
}

/** `<file relative to root>:<name>` for each piece of module-level state in the source files under `dirs`. */
export function moduleState(root: string, dirs: string[]): string[] {
  return dirs
    .flatMap((dir) => sourceFiles(join(root, dir)))
    .flatMap((file) => stateIn(file, readFileSync(file, 'utf8')).map((name) => `${relative(root, file)}:${name}`))
    .sort();
}

/** The test files under `dir` that replace a module (vi.mock, vi.doMock), relative to `root`. */
export function mockingTests(root: string, dir: string): string[] {
  return sourceFiles(join(root, dir), true)
    .filter((file) => /\bvi\.(mock|doMock)\(/.test(readFileSync(file, 'utf8')))
    .map((file) => relative(root, file))
    .sort();
}
