import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { axeViolations, expectAccessible } from './support/axe';
import { launchBrowser, newPage } from './support/browser';

/**
 * The check every journey relies on (support/axe.ts) finds what is wrong: on a page without
 * frames, in a frame of the page's own origin and in one of another origin, and again in a
 * document it has already checked once.
 */
const UNNAMED_IMAGE = '<img src="data:image/gif;base64,R0lGODlhAQABAAAAACw=">';
const page = (body: string) => `<!doctype html><html lang="en"><head><title>Fixture</title></head><body><main><h1>Fixture</h1>${body}</main></body></html>`;

function serve(pages: Record<string, string>): Promise<Server> {
  const server = createServer((req, res) => {
    const html = pages[req.url ?? ''];
    res.writeHead(html ? 200 : 404, { 'content-type': 'text/html' }).end(html ?? '');
  });
  return new Promise((resolve) => server.listen(0, '127.0.0.1', () => resolve(server)));
}
const origin = (server: Server) => `http://127.0.0.1:${(server.address() as AddressInfo).port}`;

describe('the accessibility check', () => {
  let browser: Browser;
  let site: Server;
  let other: Server;
  let tab: Page;

  beforeAll(async () => {
    other = await serve({ '/framed': page(UNNAMED_IMAGE) });
    site = await serve({
      '/clean': page('<p>Nothing wrong here.</p>'),
      '/image': page(UNNAMED_IMAGE),
      '/same-origin-frame': page('<iframe title="Framed" src="/image"></iframe>'),
      '/cross-origin-frame': page(`<iframe title="Framed" src="${origin(other)}/framed"></iframe>`),
    });
    browser = await launchBrowser();
    tab = await newPage(browser, origin(site));
  });
  afterAll(async () => {
    await browser?.close();
    site?.close();
    other?.close();
  });

  const rulesAt = async (path: string) => {
    await tab.goto(path);
    return (await axeViolations(tab)).map((v) => `${v.id} ${v.nodes.map((n) => n.target.join(' > ')).join(', ')}`);
  };

  it('passes a page with nothing wrong, and fails one with an unnamed image, naming it', async () => {
    await tab.goto('/clean');
    await expectAccessible(tab, 'clean fixture');
    await tab.goto('/image');
    await expect(expectAccessible(tab, 'image fixture')).rejects.toThrow(/image fixture: 1 accessibility violation\(s\)[\s\S]*- image-alt \(critical\) at \["img"\]/);
  });

  it('finds the image inside a frame of the same origin and of another', async () => {
    expect(await rulesAt('/same-origin-frame')).toEqual(['image-alt iframe > img']);
    expect(await rulesAt('/cross-origin-frame')).toEqual(['image-alt iframe > img']);
  });

  it('checks a document again after it changed, with axe-core already loaded in it', async () => {
    expect(await rulesAt('/clean')).toEqual([]);
    await tab.evaluate((html) => document.querySelector('main')!.insertAdjacentHTML('beforeend', html), UNNAMED_IMAGE);
    expect((await axeViolations(tab)).map((v) => v.id)).toEqual(['image-alt']);
    await tab.evaluate(() => document.querySelector('img')!.setAttribute('alt', 'A dot'));
    expect(await axeViolations(tab)).toEqual([]);
  });
});
