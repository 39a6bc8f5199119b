import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { describe, expect, it } from 'vitest';

const root = fileURLToPath(new URL('../../../', import.meta.url));

/**
 * The team's conventions are rules of `npm run lint` (eslint.config.mjs). Each is shown to bite
 * here, on code that breaks it, so a rule that stops matching is caught like a broken test.
 */
async function rulesBroken(code: string, filePath: string): Promise<string[]> {
  // Type-aware rules need a file of the project; these rules read the text alone.
  const eslint = new ESLint({
    cwd: root,
    overrideConfig: {
      languageOptions: { parserOptions: { projectService: false } },
      rules: { '@typescript-eslint/no-floating-promises': 'off', '@typescript-eslint/switch-exhaustiveness-check': 'off' },
    },
  });
  const [result] = await eslint.lintText(code, { filePath: `${root}${filePath}` });
  return (result?.messages ?? []).map((m) => m.ruleId ?? m.message);
}

const longFunction = `export function long(): number {\n  let n = 0;\n${'  n += 1;\n'.repeat(80)}  return n;\n}\n`;

describe('conventions as lint rules', () => {
  it('refuses console output in server code, and allows it elsewhere', async () => {
    expect(await rulesBroken("console.log('x');\n", 'apps/server/src/said.ts')).toEqual(['no-console']);
    expect(await rulesBroken("console.log('x');\n", 'bench/said.ts')).toEqual([]);
  });

  it('names files kebab-case, and SPA components after themselves', async () => {
    expect(await rulesBroken('export {};\n', 'apps/server/src/modules/things/thingsService.ts')).toEqual(['conventions/file-name']);
    expect(await rulesBroken('export {};\n', 'apps/server/src/modules/things/things.service.ts')).toEqual([]);
    expect(await rulesBroken('export {};\n', 'apps/web/src/routes/things/ThingsPage.tsx')).toEqual([]);
    expect(await rulesBroken('export {};\n', 'apps/server/src/Things.tsx')).toEqual(['conventions/file-name']);
  });

  it('keeps functions of the apps and packages to 80 lines, tests aside', async () => {
    expect(await rulesBroken(longFunction, 'apps/agent/src/long.ts')).toEqual(['max-lines-per-function']);
    expect(await rulesBroken(longFunction, 'apps/agent/test/long.test.ts')).toEqual([]);
  });

  it("checks React hooks' rules and dependencies in the SPA", async () => {
    const code = "import { useEffect } from 'react';\nexport function Shown({ value }: { value: string }) {\n  useEffect(() => { document.title = value; }, []);\n  return null;\n}\n";
    expect(await rulesBroken(code, 'apps/web/src/components/Shown.tsx')).toEqual(['react-hooks/exhaustive-deps']);
  });

  // Type-aware: the project's whole program is loaded first (over 40 s on a loaded 2-core machine).
  it('refuses a promise nobody awaits (type-aware)', { timeout: 180_000 }, async () => {
    const eslint = new ESLint({ cwd: root, ignore: false });
    const [result] = await eslint.lintFiles(['apps/server/test/fixtures/eslint/floating-promise.ts']);
    expect(result?.messages.map((m) => m.ruleId)).toEqual(['@typescript-eslint/no-floating-promises']);
  });
});
