import { readFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { currentDocument, schemaText } from '../scripts/document';

/**
 * The committed types are the server's current document's: a change to the endpoint
 * table (or to how the server describes it) without `npm run client:generate` fails here.
 */
const committed = (path: string) => readFileSync(fileURLToPath(new URL(`../${path}`, import.meta.url)), 'utf8');
const STALE = 'packages/client is behind the server: run `npm run client:generate` and commit src/schema.d.ts.';

describe('the generated client', () => {
  it('is generated from the OpenAPI document the server serves now', async () => {
    const doc = await currentDocument();
    expect(committed('src/schema.d.ts') === (await schemaText(doc)), STALE).toBe(true);
  });
});
