import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { currentDocument, schemaText } from './document';

/**
 * `npm run client:generate`: writes src/schema.d.ts, the types of the console's document,
 * committed; test/schema-fresh.test.ts fails when they are behind the endpoint table. The
 * document itself is not kept here: `npm run openapi` writes it, the console serves it.
 */
const here = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const doc = await currentDocument();
writeFileSync(here('src/schema.d.ts'), await schemaText(doc));
console.log(`Wrote src/schema.d.ts (${Object.keys((doc.paths as object) ?? {}).length} paths).`);
// The embedded database's workers may hold the event loop; the files are written.
process.exit(0);
