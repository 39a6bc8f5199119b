import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { currentDocument, documentText, schemaText } from './document';

/**
 * `npm run client:generate`: writes packages/client/openapi.json (the console's document)
 * and src/schema.d.ts (its types), both committed; test/schema-fresh.test.ts fails when
 * either is behind the endpoint table.
 */
const here = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const doc = await currentDocument();
writeFileSync(here('openapi.json'), documentText(doc));
writeFileSync(here('src/schema.d.ts'), await schemaText(doc));
console.log(`Wrote openapi.json and src/schema.d.ts (${Object.keys((doc.paths as object) ?? {}).length} paths).`);
// The embedded database's workers may hold the event loop; the files are written.
process.exit(0);
