import { writeFileSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { currentDocument, schemaText } from './document';

/**
 * `npm run client:generate`: writes src/schema.d.ts, the types of the console's document. It is
 * generated, not kept in git: `npm run typecheck` (and so `npm test`) writes it first, so it is
 * never behind the endpoint table. The document itself: `npm run openapi`, or the console serves it.
 */
const here = (path: string) => fileURLToPath(new URL(`../${path}`, import.meta.url));

const doc = currentDocument();
writeFileSync(here('src/schema.d.ts'), await schemaText(doc));
console.log(`Wrote src/schema.d.ts (${Object.keys((doc.paths as object) ?? {}).length} paths).`);
