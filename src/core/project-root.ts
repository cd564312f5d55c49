import { existsSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

/**
 * The project folder (package.json, migrations/, dist/), found upward from this module, so it is right both
 * when the server runs from the sources (tsx, tests) and from the bundle that `npm start` builds (dist-server/).
 */
function findRoot(): string {
  for (let dir = dirname(fileURLToPath(import.meta.url)); ; dir = dirname(dir)) {
    if (existsSync(join(dir, 'package.json')) && existsSync(join(dir, 'migrations'))) return dir;
    if (dirname(dir) === dir) throw new Error('project folder not found above ' + import.meta.url);
  }
}

export const PROJECT_ROOT = findRoot();
