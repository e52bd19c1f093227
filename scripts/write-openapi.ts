// `npm run openapi`: writes the public API's OpenAPI 3.1 document (generated from packages/contracts,
// the same one the server serves at /api/openapi.json) to docs/openapi.json for outsiders to build on.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { openApiDocument } from '../packages/contracts/src/openapi.ts';

const out = path.join(path.dirname(fileURLToPath(import.meta.url)), '..', 'docs', 'openapi.json');
const doc = openApiDocument() as { paths: Record<string, object> };
fs.writeFileSync(out, JSON.stringify(doc, null, 2) + '\n');
console.log(`wrote ${path.relative(process.cwd(), out)}: ${Object.keys(doc.paths).length} paths`);
