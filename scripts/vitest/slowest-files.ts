import type { Reporter, TestModule } from 'vitest/node';

/**
 * A Vitest reporter (vitest.config.ts) that ends every run with its slowest files and each
 * project's total: where a run's minutes go, so a file that grows slow is seen in the next
 * `npm test` and not by reading every line of its output. A file's time is all of it: its
 * import and top-level set-up (the generated suites build their accounts there), then its
 * tests and hooks. SLOWEST_FILES sets how many are listed (15 unless set; 0: none).
 */
const SHOWN = Number(process.env.SLOWEST_FILES ?? 15);

interface FileTime {
  project: string;
  file: string;
  setupMs: number;
  testsMs: number;
}

function timeOf(module: TestModule): FileTime {
  const d = module.diagnostic();
  return {
    project: module.project.name,
    file: module.relativeModuleId,
    setupMs: d.environmentSetupDuration + d.prepareDuration + d.setupDuration + d.collectDuration,
    testsMs: d.duration,
  };
}

const seconds = (ms: number) => `${(ms / 1000).toFixed(1)} s`.padStart(9);
const total = (f: FileTime) => f.setupMs + f.testsMs;

export default class SlowestFilesReporter implements Reporter {
  onTestRunEnd(modules: ReadonlyArray<TestModule>): void {
    if (SHOWN <= 0 || modules.length === 0) return;
    const times = modules.map(timeOf).sort((a, b) => total(b) - total(a));
    const lines = [`\nSlowest test files (of ${times.length}; total = import and set-up + tests):`];
    for (const f of times.slice(0, SHOWN)) lines.push(`${seconds(total(f))} = ${seconds(f.setupMs).trim()} + ${seconds(f.testsMs).trim()}  [${f.project}] ${f.file}`);
    const byProject = new Map<string, number>();
    for (const f of times) byProject.set(f.project, (byProject.get(f.project) ?? 0) + total(f));
    lines.push('Time per project (the sum of its files; two or more run at once):');
    for (const [project, ms] of [...byProject].sort((a, b) => b[1] - a[1])) lines.push(`${seconds(ms)}  ${project}`);
    process.stdout.write(`${lines.join('\n')}\n`);
  }
}
