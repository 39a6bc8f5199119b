import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * What the web tests could carry from one file into the next: the web project shares modules
 * across the files of a worker (isolate: false, vitest.config.ts). Module-level mutable state is
 * top-level `let`/`var`, and top-level constants made with `new Map|Set|WeakMap|WeakSet|Array`
 * (a ReadonlyMap/ReadonlySet type says it is a table, not state): the same rule as the server's
 * check (apps/server/test/setup/module-state.ts), which this package may not import.
 */
const MUTABLE_CONSTRUCTORS: ReadonlySet<string> = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array']);

/** The source files under `dir` (test files included when `tests` is set). */
export function sourceFiles(dir: string, tests = false): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' ? [] : sourceFiles(path, tests);
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

/** `<file relative to root>:<name>` for each piece of module-level state in the source files under `dir`. */
export function moduleState(root: string, dir: string): string[] {
  return sourceFiles(join(root, dir))
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
