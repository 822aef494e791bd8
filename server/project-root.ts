// The project's folder (the one holding package.json), found from this module's own location: the
// server runs from its TypeScript sources (tests, `npm run dev`) and from the bundle `npm start`
// builds under build/server/<build>/, and paths like ../openapi differ between the two.
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function folderWithPackageJson(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json above ${from}`);
  }
}

export const projectRoot = folderWithPackageJson(path.dirname(fileURLToPath(import.meta.url)));
