// Writes openapi/generated/openapi.json: the YAML contract parsed once, so a server start reads
// JSON instead of parsing 240 KB of YAML (server/api/contract.ts). Run by `npm run openapi:generate`.
import fs from 'node:fs';
import { CONTRACT_JSON_PATH, contractJson } from '../server/api/contract.ts';

fs.writeFileSync(CONTRACT_JSON_PATH, contractJson());
