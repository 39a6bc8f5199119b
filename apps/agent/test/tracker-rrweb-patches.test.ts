import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';
import { RRWEB_PATCHES, patchRrwebSource } from '../../../packages/tracker/rrweb-patch.mjs';

/**
 * The tracker's two changes to rrweb's built recorder (packages/tracker/rrweb-patch.mjs): each
 * applies to the rrweb in the lock file exactly once, and a rrweb without their text fails the
 * build instead of shipping unpatched. What they do in a page is tested in chromium
 * (e2e/tracker-mutations.test.ts).
 */
const rrwebBuild = readFileSync(
  createRequire(import.meta.url)
    .resolve('@rrweb/record')
    .replace(/record\.cjs$/, 'record.js'),
  'utf8',
);

describe('the tracker’s rrweb patches', () => {
  it('apply to the locked rrweb once each', () => {
    const patched = patchRrwebSource(rrwebBuild);
    for (const { from, to } of RRWEB_PATCHES.flatMap((patch) => patch.edits)) {
      expect(rrwebBuild.split(from).length - 1).toBe(1);
      expect(patched.split(to).length - 1).toBe(1);
    }
    expect(patched).toContain('__replayDeferMutations(callbackWrapper(mutationBuffer.processMutations.bind(mutationBuffer)))');
    expect(patched).toMatch(/__replayDrainMutations\(\);\n\s+mutationBuffers\.forEach\(\(buf\) => buf\.unfreeze\(\)\);/);
    expect(patched).toContain('Element: ["querySelector", "querySelectorAll"],\n  MutationObserver: ["constructor"]');
    expect(patched.startsWith('import { deferMutations as __replayDeferMutations, drainMutations as __replayDrainMutations } from ')).toBe(true);
  });

  it('refuse a rrweb that no longer holds a patched text, naming the patch', () => {
    for (const patch of RRWEB_PATCHES) {
      for (const { from } of patch.edits) {
        expect(() => patchRrwebSource(rrwebBuild.replace(from, ''))).toThrow(`rrweb patch "${patch.name}"`);
        expect(() => patchRrwebSource(rrwebBuild + from)).toThrow(`rrweb patch "${patch.name}"`);
      }
    }
  });
});
