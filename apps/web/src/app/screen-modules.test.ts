import { describe, expect, it } from 'vitest';
import { SIGNED_IN_SCREENS } from './AppRoutes';
import source from './AppRoutes.tsx?raw';
import { SCREEN_MODULES } from './screen-modules';

/** The route modules that exist, as paths from the web app's folder (`src/routes/…`). */
const routeModules = Object.keys(import.meta.glob('../routes/**/*.tsx')).map((path) => path.replace(/^\.\.\//, 'src/'));

describe('the screens the build preloads', () => {
  it('are AppRoutes’ signed-in screens, by the same patterns in the same order', () => {
    expect(SCREEN_MODULES.map(([pattern]) => pattern)).toEqual(SIGNED_IN_SCREENS.map(([pattern]) => pattern));
  });

  // AppRoutes.tsx as written: its lazy imports are what the bundler splits, so they are read from its source.
  it('name the module each of those screens imports lazily', () => {
    const moduleOf = new Map([...source.matchAll(/const (\w+) = lazyRoute\('[^']+', \(\) => import\('\.\.\/(routes\/[^']+)'\)\)/g)].map((m) => [m[1]!, `src/${m[2]}.tsx`]));
    const table = /SIGNED_IN_SCREENS[^=]*= \[([\s\S]*?)\n\];/.exec(source)?.[1] ?? '';
    const screens = [...table.matchAll(/, (\w+)\],/g)].map((m) => m[1]!);
    expect(screens).toHaveLength(SIGNED_IN_SCREENS.length);
    expect(screens.map((name) => moduleOf.get(name))).toEqual(SCREEN_MODULES.map(([, module]) => module));
    for (const [, module] of SCREEN_MODULES) expect(routeModules).toContain(module);
  });
});
