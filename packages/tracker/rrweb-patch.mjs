/**
 * An esbuild plugin that applies two small changes to rrweb's built recorder
 * (`@rrweb/record`'s dist/record.js) when the tracker is bundled. rrweb offers no option for
 * either. Each edit replaces one exact text; a rrweb whose file no longer holds it exactly once
 * fails the build, so a rrweb upgrade makes someone review the patches instead of silently losing one.
 */
import { readFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const SLICES = join(dirname(fileURLToPath(import.meta.url)), 'src/mutation-slices.ts');
const OBSERVER_CALLBACK = 'callbackWrapper(mutationBuffer.processMutations.bind(mutationBuffer))';

const UNFREEZE = '      mutationBuffers.forEach((buf) => buf.unfreeze());';

export const RRWEB_PATCHES = [
  {
    // rrweb's check of whether the page left Element's prototype untouched looks for getters named
    // querySelector and querySelectorAll, which are methods: the check always fails, so the first
    // snapshot builds a hidden iframe to borrow a clean prototype (~100 ms of that task here).
    // The fix proposed upstream (rrweb pull request 1802): test them as methods.
    name: 'Element methods tested as methods',
    edits: [
      { from: 'Element: ["shadowRoot", "querySelector", "querySelectorAll"],', to: 'Element: ["shadowRoot"],' },
      { from: 'Element: [],\n  MutationObserver: ["constructor"]', to: 'Element: ["querySelector", "querySelectorAll"],\n  MutationObserver: ["constructor"]' },
    ],
  },
  {
    // The observer's records are collected in tasks of the tracker's own (src/mutation-slices.ts).
    // Before any other event (a click, an input, a scroll, a custom event such as the tracker's
    // flush marker) makes rrweb emit what its buffers hold, every waiting record is collected, so
    // the recording holds every change made before that event, in order, and no added node is
    // serialized while a sibling added next to it still waits (rrweb would drop it).
    name: 'mutation records collected in slices',
    edits: [
      { from: OBSERVER_CALLBACK, to: `__replayDeferMutations(${OBSERVER_CALLBACK})` },
      { from: UNFREEZE, to: `      __replayDrainMutations();\n${UNFREEZE}` },
    ],
    prepend: `import { deferMutations as __replayDeferMutations, drainMutations as __replayDrainMutations } from ${JSON.stringify(SLICES)};\n`,
  },
];

function replaceOnce(source, from, to, name) {
  const at = source.indexOf(from);
  if (at < 0 || source.indexOf(from, at + 1) >= 0) {
    throw new Error(`rrweb patch "${name}": its text is not in rrweb's build exactly once; review packages/tracker/rrweb-patch.mjs`);
  }
  return source.slice(0, at) + to + source.slice(at + from.length);
}

/** rrweb's dist/record.js with every patch applied. */
export function patchRrwebSource(source) {
  let patched = source;
  let prepended = '';
  for (const patch of RRWEB_PATCHES) {
    for (const edit of patch.edits) patched = replaceOnce(patched, edit.from, edit.to, patch.name);
    prepended += patch.prepend ?? '';
  }
  return prepended + patched;
}

export const rrwebPatches = {
  name: 'rrweb-patches',
  setup(build) {
    build.onLoad({ filter: /[\\/]@rrweb[\\/]record[\\/]dist[\\/]record\.js$/ }, async (args) => ({
      contents: patchRrwebSource(await readFile(args.path, 'utf8')),
      loader: 'js',
      resolveDir: dirname(args.path),
    }));
  },
};
