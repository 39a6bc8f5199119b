import { describe, expect, it } from 'vitest';
import { loadScriptsAfterFirstPaint, loaderFileName } from '../../after-first-paint';

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
    expect(html).toContain(
      '<script defer src="/assets/load-after-paint-x.js" data-entry="/assets/index-AAAA.js" data-preload="/assets/api-BBBB.js /assets/Stack-CCCC.js"></script>',
    );
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
});
