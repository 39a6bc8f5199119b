import { readFileSync, readdirSync } from 'node:fs';
import { join, relative } from 'node:path';
import ts from 'typescript';

/**
 * Module-level mutable state in a tree of TypeScript files: top-level `let`/`var`, and top-level
 * constants made with `new Map|Set|WeakMap|WeakSet|Array` (a ReadonlyMap/ReadonlySet type says it
 * is a table, not state). The server suites run with module isolation off (vitest.config.ts), so a
 * module is evaluated once per worker and such state lives from one test file into the next; each
 * finding must be listed with why it cannot carry one file's data into another.
 */
const MUTABLE_CONSTRUCTORS: ReadonlySet<string> = new Set(['Map', 'Set', 'WeakMap', 'WeakSet', 'Array']);

function tsFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === 'node_modules' || entry.name === 'fixtures' ? [] : tsFiles(path);
    return /\.tsx?$/.test(entry.name) && !/\.test\.tsx?$/.test(entry.name) ? [path] : [];
  });
}

function isReadonlyType(type: ts.TypeNode | undefined): boolean {
  return type !== undefined && ts.isTypeReferenceNode(type) && /^Readonly(Map|Set)$/.test(type.typeName.getText());
}

function isMutableConstruction(init: ts.Expression | undefined): boolean {
  return init !== undefined && ts.isNewExpression(init) && ts.isIdentifier(init.expression) && MUTABLE_CONSTRUCTORS.has(init.expression.text);
}

/** `<file relative to root>:<name>` for each piece of module-level state under `dirs`. */
export function moduleState(root: string, dirs: string[]): string[] {
  const found: string[] = [];
  for (const file of dirs.flatMap((dir) => tsFiles(join(root, dir)))) {
    const source = ts.createSourceFile(file, readFileSync(file, 'utf8'), ts.ScriptTarget.Latest, true);
    for (const statement of source.statements) {
      if (!ts.isVariableStatement(statement)) continue;
      const isConst = (statement.declarationList.flags & ts.NodeFlags.Const) !== 0;
      for (const declaration of statement.declarationList.declarations) {
        const mutable = !isConst || (isMutableConstruction(declaration.initializer) && !isReadonlyType(declaration.type));
        if (mutable) found.push(`${relative(root, file)}:${declaration.name.getText()}`);
      }
    }
  }
  return found.sort();
}
