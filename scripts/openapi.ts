import { writeFileSync } from 'node:fs';
import { openApiDocument } from '@replay/contracts/openapi';

/**
 * `npm run openapi [file]`: writes the API's OpenAPI document (the one GET /api/docs/openapi.json
 * answers) without starting a console, for client generators and reviews; to stdout without a file.
 * The title and server come from PRODUCT_NAME and PUBLIC_URL as the console reads them.
 */
const doc = openApiDocument({
  title: `${process.env.PRODUCT_NAME ?? 'Replay'} Console API`,
  serverUrl: process.env.PUBLIC_URL ?? `http://localhost:${process.env.PORT ?? 3000}`,
});
const text = `${JSON.stringify(doc, null, 2)}\n`;
const file = process.argv[2];
if (file) writeFileSync(file, text);
else process.stdout.write(text);
