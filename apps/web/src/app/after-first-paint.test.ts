import { describe, expect, it } from 'vitest';
import { dependenciesFirst, filesOfLazyModule, loadScriptsAfterFirstPaint, loaderFileName, staticImportsOf, withPreloads, withSessionOpening, type Manifest } from '../../after-first-paint';

const INDEX = `<!doctype html>
<html lang="en">
  <head>
    <title>Console</title>
    <script type="module" crossorigin src="/assets/index-AAAA.js"></script>
    <link rel="modulepreload" crossorigin href="/assets/api-BBBB.js">
    <link rel="modulepreload" crossorigin href="/assets/Stack-CCCC.js">
    <style>body{margin:0}</style>
  </head>
  <body><div id="root"></div></body>
</html>`;

describe('a prerendered page loads its code after its first paint', () => {
  it('hands the entry and its preloads to the deferred loader and leaves nothing that fetches early', () => {
    const html = loadScriptsAfterFirstPaint(INDEX, '/assets/load-after-paint-x.js');
    expect(html).not.toContain('type="module"');
    expect(html).not.toContain('modulepreload');
    expect(html).toContain('<script defer src="/assets/load-after-paint-x.js" data-entry="/assets/index-AAAA.js" data-preload="/assets/api-BBBB.js /assets/Stack-CCCC.js"></script>');
    // The rest of the head stays as it was.
    expect(html).toContain('<style>body{margin:0}</style>');
    expect(html).toContain('<title>Console</title>');
  });

  it('refuses a page without a module entry rather than writing one that never loads', () => {
    expect(() => loadScriptsAfterFirstPaint('<html><head></head></html>', '/x.js')).toThrow(/no module entry/);
  });

  it('names the loader by its content', () => {
    expect(loaderFileName('a')).toMatch(/^load-after-paint-[\w-]{8}\.js$/);
    expect(loaderFileName('a')).not.toBe(loaderFileName('b'));
    expect(loaderFileName('a')).toBe(loaderFileName('a'));
  });

  it('orders the chunks as the browser evaluates them from the entry: imports first, in the order they are written', () => {
    const imports: Record<string, string[]> = {
      '/assets/index.js': ['/assets/config.js', '/assets/api.js', '/assets/Stack.js'],
      '/assets/api.js': ['/assets/zod.js', '/assets/react.js'],
      '/assets/config.js': ['/assets/zod.js'],
      '/assets/react.js': ['/assets/runtime.js'],
      '/assets/Stack.js': ['/assets/react.js', '/assets/elsewhere.js'],
    };
    const preloads = ['/assets/api.js', '/assets/Stack.js', '/assets/zod.js', '/assets/react.js', '/assets/runtime.js', '/assets/config.js', '/assets/stray.js'];
    const order = dependenciesFirst('/assets/index.js', preloads, (c) => imports[c] ?? []);
    expect(order).toEqual(['/assets/zod.js', '/assets/config.js', '/assets/runtime.js', '/assets/react.js', '/assets/api.js', '/assets/Stack.js', '/assets/stray.js']);
    // A chunk imported but not preloaded is left to the browser, which fetches it with its importer.
    expect(order).not.toContain('/assets/elsewhere.js');
  });

  it('reads the static imports of a built chunk, not its dynamic ones', () => {
    const code = 'import{a as b}from"./zod-AB12.js";import"./runtime-X.js";import * as c from "./react-dom-Y.js";const d=()=>import("./lazy-Z.js");';
    expect(staticImportsOf(code)).toEqual(['/assets/zod-AB12.js', '/assets/runtime-X.js', '/assets/react-dom-Y.js']);
  });

  it('writes the preloads in that order for the loader', () => {
    const html = loadScriptsAfterFirstPaint(INDEX, '/assets/load-after-paint-x.js', (c) =>
      c === '/assets/index-AAAA.js' ? ['/assets/api-BBBB.js'] : c === '/assets/api-BBBB.js' ? ['/assets/Stack-CCCC.js'] : [],
    );
    expect(html).toContain('data-preload="/assets/Stack-CCCC.js /assets/api-BBBB.js"');
  });
});

describe('index.html announces the console shell', () => {
  const manifest: Manifest = {
    'src/main.tsx': { file: 'assets/index-AAAA.js', imports: ['_api-BBBB.js'], css: ['assets/index-INLINED.css'] },
    '_api-BBBB.js': { file: 'assets/api-BBBB.js' },
    '_Stack-CCCC.js': { file: 'assets/Stack-CCCC.js', imports: ['_api-BBBB.js'], css: ['assets/Stack-CCCC.css'] },
    '_Tooltip-DDDD.js': { file: 'assets/Tooltip-DDDD.js', imports: ['_Stack-CCCC.js'], css: ['assets/Stack-CCCC.css', 'assets/Tooltip-DDDD.css'] },
    'src/app/shell/ConsoleShell.tsx': { file: 'assets/ConsoleShell-EEEE.js', imports: ['src/main.tsx', '_Tooltip-DDDD.js', '_Stack-CCCC.js'], css: ['assets/ConsoleShell-EEEE.css'] },
  };

  it('lists the shell’s chunk after every chunk it imports at any depth, with their stylesheets once, minus what the page has', () => {
    const files = filesOfLazyModule(manifest, 'src/app/shell/ConsoleShell.tsx', new Set(['/assets/index-AAAA.js', '/assets/api-BBBB.js', '/assets/index-INLINED.css']));
    expect(files).toEqual({
      scripts: ['/assets/Stack-CCCC.js', '/assets/Tooltip-DDDD.js', '/assets/ConsoleShell-EEEE.js'],
      styles: ['/assets/Stack-CCCC.css', '/assets/Tooltip-DDDD.css', '/assets/ConsoleShell-EEEE.css'],
    });
  });

  it('finds a module the build put into a named chunk (which has no entry of its own) by that chunk’s name', () => {
    const withGroup: Manifest = {
      ...manifest,
      '_console-FFFF.js': { file: 'assets/console-FFFF.js', name: 'console', imports: ['_Tooltip-DDDD.js'] },
      '_console-FFFF.css': { file: 'assets/console-FFFF.css', name: 'console' },
    };
    const grouped = { 'src/routes/instances/InstancesPage.tsx': 'console' };
    expect(filesOfLazyModule(withGroup, 'src/routes/instances/InstancesPage.tsx', new Set(['/assets/api-BBBB.js']), grouped)).toEqual({
      scripts: ['/assets/Stack-CCCC.js', '/assets/Tooltip-DDDD.js', '/assets/console-FFFF.js'],
      styles: ['/assets/Stack-CCCC.css', '/assets/Tooltip-DDDD.css'],
    });
    expect(() => filesOfLazyModule(manifest, 'src/routes/instances/InstancesPage.tsx', new Set(), grouped)).toThrow(/0 chunks named console/);
  });

  it('refuses a manifest without the shell rather than writing a page that preloads nothing', () => {
    expect(() => filesOfLazyModule(manifest, 'src/app/shell/Gone.tsx', new Set())).toThrow(/no src\/app\/shell\/Gone.tsx/);
  });

  it('writes them into the head as preloads that run nothing and block no paint', () => {
    const html = withPreloads(INDEX, { scripts: ['/assets/ConsoleShell-EEEE.js'], styles: ['/assets/ConsoleShell-EEEE.css'] });
    // Low priority: the first paint needs none of them (the loader runs them after it).
    expect(html).toContain('<link rel="modulepreload" fetchpriority="low" crossorigin href="/assets/ConsoleShell-EEEE.js">\n');
    // crossorigin as Vite's preload helper sets it on the stylesheet it adds, so the fetched file is the one used.
    expect(html).toContain('<link rel="preload" as="style" crossorigin href="/assets/ConsoleShell-EEEE.css">\n  </head>');
    expect(html).not.toContain('rel="stylesheet"');
  });

  it('has a signed-in page’s loader open the session with the page: the refresh call, its lock, where it leaves the answer, and the first reads it carries (name=address)', () => {
    const page = loadScriptsAfterFirstPaint(INDEX, '/assets/load-after-paint-LLLL.js');
    const reads = {
      global: '__reads',
      session: [{ name: 'account', url: '/api/account' }],
      screen: [{ name: 'instances', url: '/api/managed-saas/instances?page=1&limit=10' }],
      public: [{ name: 'public-config', url: '/api/public-config' }],
    };
    const html = withSessionOpening(page, { method: 'GET', url: '/api/refresh', lock: 'console-token-refresh', global: '__opening', reads });
    expect(html).toContain(
      '<script defer data-open-session="GET /api/refresh" data-session-lock="console-token-refresh" data-session-global="__opening" ' +
        'data-reads-global="__reads" data-session-reads="account=/api/account" data-screen-reads="instances=/api/managed-saas/instances?page=1&amp;limit=10" ' +
        'data-public-reads="public-config=/api/public-config" src="/assets/load-after-paint-LLLL.js" data-entry=',
    );
    const none = { global: 'r', session: [], screen: [], public: [] };
    expect(() => withSessionOpening(INDEX, { method: 'GET', url: '/api/refresh', lock: 'l', global: 'g', reads: none })).toThrow(/no loader script/);
  });
});
