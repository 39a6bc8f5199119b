import { mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { EXIT } from '../src/index';
import { harness, ok, on, refusal, type Call } from './harness';

const ID = '11111111-1111-4111-8111-111111111111';
const MAP = JSON.stringify({ version: 3, sources: ['src/app.js'], names: [], mappings: 'AAAA' });
const dir = mkdtempSync(join(tmpdir(), 'replay-cli-maps-'));
const file = (name: string, text = MAP) => {
  const path = join(dir, name);
  writeFileSync(path, text);
  return path;
};
/** The console's answer to an upload: the map as it lists it. */
const stored = on('POST', '/api/managed-saas/instances/*/source-maps', (call: Call) => {
  const body = call.body as { release: string; fileUrl: string; map: string };
  return ok({ id: '22222222-2222-5222-8222-222222222222', release: body.release, fileUrl: body.fileUrl, bytes: body.map.length, uploadedAt: 1_700_000_000_000 }, 201);
});

describe('replay sourcemaps upload', () => {
  it('sends the map with its release and file URL to the instance’s source maps, for the project asked', async () => {
    const h = harness({ routes: [stored] });
    const map = file('app.min.js.map');
    expect(await h.run('sourcemaps', 'upload', map, '--instance', ID, '--release', '2.4.0', '--url', 'https://shop.example.com/assets/app.min.js', '--project', 'p1')).toBe(EXIT.ok);
    expect(h.calls).toHaveLength(1);
    expect(h.calls[0]!.path).toBe(`/api/managed-saas/instances/${ID}/source-maps`);
    expect(h.calls[0]!.query.get('siteId')).toBe('p1');
    expect(h.calls[0]!.body).toEqual({ release: '2.4.0', fileUrl: 'https://shop.example.com/assets/app.min.js', map: MAP });
    expect(h.stdout()).toContain('Uploaded');
  });

  it('with several maps, each is for its own file under a --url ending in /; --json prints them all', async () => {
    const h = harness({ routes: [stored] });
    const maps = [file('a.js.map'), file('vendor.js.map')];
    expect(await h.run('sourcemaps', 'upload', ...maps, '--instance', ID, '--release', '7', '--url', 'https://cdn.example.com/v7/', '--json')).toBe(EXIT.ok);
    expect(h.calls.map((c) => (c.body as { fileUrl: string }).fileUrl)).toEqual(['https://cdn.example.com/v7/a.js', 'https://cdn.example.com/v7/vendor.js']);
    expect(h.calls.every((c) => c.query.get('siteId') === null)).toBe(true);
    const printed = JSON.parse(h.stdout()) as { sourceMaps: { file: string; fileUrl: string }[] };
    expect(printed.sourceMaps.map((m) => m.fileUrl)).toEqual(['https://cdn.example.com/v7/a.js', 'https://cdn.example.com/v7/vendor.js']);
    expect(h.stderr()).toBe('');
  });

  it('is a usage error (2), calling nothing, for several maps under one file’s URL, a URL that is not http(s), a missing file or a missing option', async () => {
    const map = file('b.js.map');
    const cases = [
      ['sourcemaps', 'upload', map, map, '--instance', ID, '--release', '1', '--url', 'https://cdn.example.com/b.js'],
      ['sourcemaps', 'upload', map, '--instance', ID, '--release', '1', '--url', 'file:///etc/passwd'],
      ['sourcemaps', 'upload', join(dir, 'missing.map'), '--instance', ID, '--release', '1', '--url', 'https://cdn.example.com/b.js'],
      ['sourcemaps', 'upload', map, '--instance', ID, '--url', 'https://cdn.example.com/b.js'],
    ];
    for (const argv of cases) {
      const h = harness({ routes: [stored] });
      expect(await h.run(...argv), argv.join(' ')).toBe(EXIT.usage);
      expect(h.calls).toHaveLength(0);
    }
  });

  it('says what the console refused: not a source map is a usage error (2), a stopped instance a failure (1)', async () => {
    const notMap = harness({ routes: [on('POST', '/api/managed-saas/instances/*/source-maps', refusal(400, 'The file is not a source map: it must be JSON with version 3, sources and mappings.'))] });
    expect(await notMap.run('sourcemaps', 'upload', file('c.js.map', '{}'), '--instance', ID, '--release', '1', '--url', 'https://cdn.example.com/c.js')).toBe(EXIT.usage);
    expect(notMap.stderr()).toContain('not a source map');
    const stopped = harness({ routes: [on('POST', '/api/managed-saas/instances/*/source-maps', refusal(409, 'The instance is not running.', 'conflict'))] });
    expect(await stopped.run('sourcemaps', 'upload', file('d.js.map'), '--instance', ID, '--release', '1', '--url', 'https://cdn.example.com/d.js')).toBe(EXIT.failed);
    expect(stopped.stderr()).toContain('not running');
  });
});

describe('replay sourcemaps list', () => {
  it('prints the instance’s maps as a table', async () => {
    const h = harness({
      routes: [
        on('GET', '/api/managed-saas/instances/*/source-maps', ok({ sourceMaps: [{ id: 'm1', release: '2.4.0', fileUrl: 'https://cdn.example.com/a.js', bytes: 42, uploadedAt: 1_700_000_000_000 }] })),
      ],
    });
    expect(await h.run('sourcemaps', 'list', '--instance', ID)).toBe(EXIT.ok);
    expect(h.stdout()).toContain('https://cdn.example.com/a.js');
    expect(h.stdout()).toContain('2.4.0');
  });
});
