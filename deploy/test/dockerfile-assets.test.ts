import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';

/**
 * What an agent serves to browsers is built, never committed (the build context leaves every
 * dist/ out, .dockerignore): the tracker (packages/tracker/dist: the script and the npm tarball)
 * and the replay screen's player (apps/agent/dist/replay-ui). Both images that run an agent (the
 * agent's own, and the console's, which starts local instances) must build them in a stage that
 * has every input the two builds read, and copy the outputs into the runtime. Without a Docker
 * daemon here, the Dockerfiles are read: stages, their COPY sources and RUN lines.
 */
const root = fileURLToPath(new URL('../..', import.meta.url));

/** What `npm run build -w packages/tracker` and `-w apps/agent` read besides their installs. */
const BUILD_INPUTS = [
  'tsconfig.json', // the tracker's tsconfig.build.json extends it (its declarations)
  'packages/tracker/build.mjs',
  'packages/tracker/src/browser.ts',
  'packages/tracker/tsconfig.build.json',
  'packages/agent-protocol/src/plain.ts', // imported by the tracker and by the player
  'apps/agent/scripts/build-replay-ui.mjs',
  'apps/agent/src/replay-ui/browser/player.ts',
];
/** What the agent reads at run time from those builds (tracker/assets.ts, replay-ui/assets.ts). */
const SERVED = ['packages/tracker/package.json', 'packages/tracker/dist', 'apps/agent/dist/replay-ui'];

interface Stage {
  name: string | undefined;
  lines: string[];
}

function stagesOf(file: string): Stage[] {
  const stages: Stage[] = [];
  for (const line of readFileSync(join(root, 'deploy/docker', file), 'utf8').split('\n')) {
    const from = /^FROM\s+\S+(?:\s+AS\s+(\S+))?/i.exec(line);
    if (from) stages.push({ name: from[1], lines: [] });
    else if (stages.length > 0 && /^[A-Z]+\s/.test(line)) stages.at(-1)!.lines.push(line);
  }
  return stages;
}

/** A COPY line's sources and destination (the context's paths, or `--from` a stage's). */
function copyOf(line: string): { from: string | undefined; sources: string[]; dest: string } | null {
  const words = line.split(/\s+/).slice(1);
  if (!/^COPY$/i.test(line.split(/\s+/)[0]!)) return null;
  const from = words.find((w) => w.startsWith('--from='))?.slice('--from='.length);
  const paths = words.filter((w) => !w.startsWith('--'));
  return { from, sources: paths.slice(0, -1), dest: paths.at(-1)! };
}

const covers = (copied: string, path: string) => copied === '.' || path === copied || path.startsWith(`${copied.replace(/\/$/, '')}/`);
const runsBuilds = (run: string) => /npm run build(\s*$|\s*&&)/.test(run) || (/npm run build --workspace packages\/tracker/.test(run) && /npm run build --workspace apps\/agent/.test(run));

for (const file of ['agent.Dockerfile', 'console.Dockerfile']) {
  describe(`${file}: the tracker and the replay player the agent serves`, () => {
    const stages = stagesOf(file);
    const runtime = stages.at(-1)!;
    const builder = stages.find((s) => s.lines.some((l) => l.startsWith('RUN ') && runsBuilds(l)));

    it('one earlier stage builds both (the tracker and apps/agent)', () => {
      expect(builder, 'a stage that runs both builds').toBeDefined();
      expect(builder).not.toBe(runtime);
      expect(builder!.name).toBeTruthy();
    });

    it('that stage has every input the builds read, copied before they run', () => {
      for (const input of BUILD_INPUTS) expect(existsSync(join(root, input)), `${input} exists in the repository`).toBe(true);
      const buildAt = builder!.lines.findIndex((l) => l.startsWith('RUN ') && runsBuilds(l));
      const copied = builder!.lines.slice(0, buildAt).flatMap((l) => {
        const copy = copyOf(l);
        return copy && !copy.from ? copy.sources : [];
      });
      for (const input of BUILD_INPUTS)
        expect(
          copied.some((c) => covers(c, input)),
          `${input} is copied into the ${builder!.name} stage`,
        ).toBe(true);
    });

    it('the runtime copies every output the agent serves from that stage', () => {
      const fromBuilder = runtime.lines.map(copyOf).filter((c) => c?.from === builder!.name);
      for (const served of SERVED) {
        const copy = fromBuilder.find((c) => c!.sources.some((s) => covers(s.replace(/^\/app\//, ''), served)));
        expect(copy, `${served} is copied from ${builder!.name}`).toBeDefined();
      }
    });
  });
}
